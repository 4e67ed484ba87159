import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { testConfig } from '../config.js';
import { readCatalogFile } from '../modules/catalog/catalog-file.js';
import { importCatalog } from '../modules/catalog/catalog-import.js';
import { DEMO_CATALOG } from '../test/app.js';
import { TEST_ENGINES } from '../test/databases.js';
import { cuttableRelay, databaseForTwoInstances, describeWithRedis, uniqueKeyPrefix } from '../test/redis.js';
import { bearer, requestLink, signIn } from '../test/sign-in.js';

describe('REDIS_URL that does not answer', () => {
  it('stops the start with the variable named, before anything else opens', async () => {
    const config = testConfig({ redis: { url: 'redis://127.0.0.1:1', keyPrefix: 'fxid:' } });
    await expect(createApp(config)).rejects.toThrow(/^REDIS_URL does not answer/);
  });
});

describeWithRedis('two instances sharing PostgreSQL or SQLite and Redis', (redisUrl) => {
  for (const engine of TEST_ENGINES) {
    describe(`[${engine}]`, () => {
      let first: FastifyInstance;
      let second: FastifyInstance;
      let database: Awaited<ReturnType<typeof databaseForTwoInstances>>;
      beforeAll(async () => {
        database = await databaseForTwoInstances(engine);
        const config = testConfig({
          redis: { url: redisUrl, keyPrefix: uniqueKeyPrefix() },
          webDistDir: '/nonexistent',
        });
        first = await createApp(config, { database: database.first });
        second = await createApp(config, { database: database.second });
        await importCatalog(database.first.db, await readCatalogFile(DEMO_CATALOG), Date.UTC(2026, 10, 23));
      });
      afterAll(async () => {
        await first?.close();
        await second?.close();
        await database?.drop();
      });

      it('counts one rate limit across both: requests alternating between them reach it together', async () => {
        const statuses: number[] = [];
        // Ten sign-in links per address in 15 minutes, whichever instance answers.
        for (let i = 0; i < 12; i++) {
          const app = i % 2 === 0 ? first : second;
          statuses.push((await requestLink(app, `limit${i}@example.com`, {}, '10.77.0.1')).statusCode);
        }
        expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
      });

      it('refuses on the other instance at once a session logged out on one', async () => {
        const token = await signIn(first, database.first.db, `logout-${engine}@example.com`);
        const profile = (app: FastifyInstance) =>
          app.inject({ method: 'POST', url: '/api/v1/profile', headers: bearer(token), payload: {} });
        // Both instances now hold the session in memory.
        expect((await profile(first)).statusCode).toBe(200);
        expect((await profile(second)).statusCode).toBe(200);
        const logout = await first.inject({ method: 'GET', url: '/api/v1/auth/logout', headers: bearer(token) });
        expect(logout.statusCode).toBeLessThan(300);
        await expect.poll(async () => (await profile(second)).statusCode).toBe(401);
        expect((await profile(first)).statusCode).toBe(401);
      });

      it('shows on the other instance a profile change made on one, though it held the old one in memory', async () => {
        const token = await signIn(second, database.first.db, `profile-${engine}@example.com`);
        const marketing = async (app: FastifyInstance) =>
          (await app.inject({ method: 'POST', url: '/api/v1/profile', headers: bearer(token), payload: {} })).json()
            .MarketingEnabled;
        const before = await marketing(second);
        const changed = await first.inject({
          method: 'POST',
          url: '/api/v1/profile/marketing',
          headers: bearer(token),
          payload: { MarketingEnabled: !before },
        });
        expect(changed.statusCode).toBe(200);
        await expect.poll(() => marketing(second)).toBe(!before);
      });

      it('is not ready while Redis is unreachable, and says which part is missing', async () => {
        const relay = await cuttableRelay(redisUrl);
        const config = testConfig({
          redis: { url: relay.url, keyPrefix: uniqueKeyPrefix() },
          webDistDir: '/nonexistent',
        });
        const third = await createApp(config, { database: database.open() });
        try {
          expect((await third.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
          await relay.cut();
          const cut = await third.inject({ method: 'GET', url: '/readyz' });
          expect(cut.statusCode).toBe(503);
          expect(cut.json()).toMatchObject({ ErrorCode: 'service_unavailable', L10NParam: { What: 'Redis' } });
        } finally {
          await third.close().catch(() => undefined);
        }
      });
    });
  }
});
