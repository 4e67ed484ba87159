import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../app.js';
import { type Config, testConfig } from '../config.js';
import type { Engine } from '../db/database.js';
import { readCatalogFile } from '../modules/catalog/catalog-file.js';
import { importCatalog } from '../modules/catalog/catalog-import.js';
import { freePort } from './built-server.js';
import { createTestDatabase, type TestDatabase } from './databases.js';

export const DEMO_CATALOG = new URL('../../../../catalog/demo.yaml', import.meta.url).pathname;

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** Every log line written so far, parsed. */
  logs: Record<string, unknown>[];
  /** The app's clock; tests move it to expire tokens. */
  clock: { now: number };
}

export const TEST_START = Date.UTC(2026, 10, 23, 12);

/**
 * Starts an app on a fresh database of the given engine, with the demo catalog
 * loaded, for the duration of the enclosing describe block.
 */
export function useTestApp(engine: Engine, overrides: Partial<Config> = {}): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase(engine);
    const logs: Record<string, unknown>[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    });
    const clock = { now: TEST_START };
    const app = await createApp(testConfig({ logLevel: 'info', webDistDir: '/nonexistent', ...overrides }), {
      database: database.handle,
      logStream,
      now: () => clock.now,
    });
    await importCatalog(database.handle.db, await readCatalogFile(DEMO_CATALOG), Date.UTC(2026, 10, 23));
    await app.ready();
    current = { app, database, logs, clock };
  });
  afterAll(async () => {
    await current?.app.close();
    await current?.database.drop();
  });
  return () => {
    if (!current) throw new Error('the test app is not started yet');
    return current;
  };
}

/**
 * useTestApp listening on a free loopback port, with PUBLIC_URL its own address: for a server that
 * calls itself over real HTTP (an offline provider's fake it serves under /dev/…). `origin()` is
 * that address once the app started.
 */
export function useListeningTestApp(engine: Engine, overrides: Partial<Config>) {
  const config: Partial<Config> = { ...overrides, publicUrl: '' };
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
    config.publicUrl = `http://127.0.0.1:${port}`;
  });
  const testApp = useTestApp(engine, config);
  beforeAll(async () => {
    await testApp().app.listen({ port, host: '127.0.0.1' });
  });
  return { testApp, origin: () => `http://127.0.0.1:${port}` };
}
