import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { testConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { readCatalogFile } from '../modules/catalog/catalog-file.js';
import { importCatalog } from '../modules/catalog/catalog-import.js';
import { DEMO_CATALOG } from '../test/app.js';
import { REPO_ROOT, requireBuiltServer } from '../test/built-server.js';
import { TEST_ENGINES } from '../test/databases.js';
import { createPostgresDatabase } from '../test/postgres-database.js';
import { describeWithRedis, uniqueKeyPrefix } from '../test/redis.js';

const run = promisify(execFile);
const CATALOG_CLI = join(REPO_ROOT, 'apps/server/dist/cli/catalog.js');

/**
 * `npm run catalog -- import` while two instances run: with REDIS_URL it tells them over Redis,
 * and both serve the new catalog at once. Their catalog clocks stand still, so without the
 * message they would keep the catalog they hold (the first import below shows it).
 */
describeWithRedis('a catalog import from the command line, two instances running', (redisUrl) => {
  for (const engine of TEST_ENGINES) {
    describe(`[${engine}]`, () => {
      const dir = mkdtempSync(join(tmpdir(), 'fxid-catalog-broadcast-'));
      const keyPrefix = uniqueKeyPrefix();
      let databaseUrl = `sqlite:${join(dir, 'fxid.sqlite')}`;
      let dropDatabase = async () => {};
      const apps: FastifyInstance[] = [];
      beforeAll(async () => {
        requireBuiltServer();
        if (engine === 'postgres') {
          const database = await createPostgresDatabase('fxid_catalog');
          databaseUrl = database.url;
          dropDatabase = database.drop;
        }
        const config = testConfig({ redis: { url: redisUrl, keyPrefix }, webDistDir: '/nonexistent' });
        for (let i = 0; i < 2; i++) {
          apps.push(await createApp(config, { database: openDatabase(databaseUrl), catalogClock: () => 0 }));
        }
        const seed = openDatabase(databaseUrl);
        await importCatalog(seed.db, await readCatalogFile(DEMO_CATALOG), Date.now());
        await seed.db.destroy();
      });
      afterAll(async () => {
        for (const app of apps) await app.close();
        await dropDatabase();
        rmSync(dir, { recursive: true, force: true });
      });

      /** The English name each instance gives sky-runner now. */
      const names = () =>
        Promise.all(
          apps.map(async (app) => {
            const response = await app.inject({ method: 'POST', url: '/api/v1/games/list', payload: { Locale: 'en' } });
            return response.json().AvailableGames[0].Name as string;
          }),
        );
      /** The built CLI importing the demo catalog with sky-runner renamed; what it printed. */
      const importRenamed = async (name: string, env: Record<string, string>) => {
        const file = join(dir, `${name}.yaml`);
        writeFileSync(file, readFileSync(DEMO_CATALOG, 'utf8').replace('en: Sky Runner,', `en: ${name},`));
        const { stdout, stderr } = await run(process.execPath, [CATALOG_CLI, 'import', file], {
          cwd: REPO_ROOT,
          env: { PATH: process.env.PATH, NODE_ENV: 'development', DATABASE_URL: databaseUrl, ...env },
        });
        return stdout + stderr;
      };

      it('without REDIS_URL tells nobody: the instances keep the catalog they hold', async () => {
        expect(await names()).toEqual(['Sky Runner', 'Sky Runner']);
        const output = await importRenamed('Sky Runner Quiet', {});
        expect(output).toContain('games: 0 created, 1 updated');
        expect(output).not.toContain('told over Redis');
        expect(await names()).toEqual(['Sky Runner', 'Sky Runner']);
      });

      it('with REDIS_URL tells both instances, which serve the new catalog at once', async () => {
        const output = await importRenamed('Sky Runner Told', { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: keyPrefix });
        expect(output).toContain('running instances told over Redis: 2');
        await expect.poll(names, { timeout: 3000 }).toEqual(['Sky Runner Told', 'Sky Runner Told']);
      });

      it('with a Redis that does not answer, imports anyway and says the instances were not told', async () => {
        const output = await importRenamed('Sky Runner Alone', { REDIS_URL: 'redis://127.0.0.1:1' });
        expect(output).toContain('games: 0 created, 1 updated');
        expect(output).toMatch(
          /running instances were not told \(REDIS_URL does not answer.*they see the new catalog within a second/,
        );
        const check = openDatabase(databaseUrl);
        try {
          const row = await check.db
            .selectFrom('games')
            .select('definition_json')
            .where('system_name', '=', 'sky-runner')
            .executeTakeFirstOrThrow();
          expect(row.definition_json).toContain('Sky Runner Alone');
        } finally {
          await check.db.destroy();
        }
      });
    });
  }
});
