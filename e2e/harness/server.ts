import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { builtServer, freePort, REPO_ROOT, SERVER_MAIN } from '../../apps/server/src/test/built-server';
import { createPostgresDatabase, type E2eEngine } from './database';

export { REPO_ROOT };

/**
 * The portal build the server serves: apps/web/dist, or another build named by
 * E2E_WEB_DIST_DIR (e.g. to try a web change built outside the work tree).
 */
const WEB_DIST = process.env.E2E_WEB_DIST_DIR ?? join(REPO_ROOT, 'apps/web/dist');
const WEB_INDEX = join(WEB_DIST, 'index.html');

export interface RunningServer {
  /** Origin plus router base path, ending in `/`, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  /** The server's SQLite file; tests may read it to look behind the API (empty on PostgreSQL). */
  databaseFile: string;
  /** What the server printed so far (stdout and stderr), for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * A test file's own server, started before its tests and stopped after them, for
 * files that read or seed its database or must not share their data with others.
 */
export function ownServer(env: Record<string, string> = {}): RunningServer {
  let running: RunningServer | undefined;
  beforeAll(async () => {
    running = await startServer(env);
  });
  afterAll(async () => {
    await running?.stop();
  });
  const current = () => {
    if (!running) throw new Error('the server starts in beforeAll');
    return running;
  };
  return {
    get url() {
      return current().url;
    },
    get databaseFile() {
      return current().databaseFile;
    },
    output: () => current().output(),
    stop: () => current().stop(),
  };
}

/**
 * Starts the built server (`node apps/server/dist/main.js`) in development mode on a
 * free port with a fresh SQLite file (or a fresh PostgreSQL database) and the demo
 * catalog, and waits until /readyz answers. `env` overrides any variable of the
 * README's table (FIXED_GAME, LOCALES, …).
 */
export async function startServer(
  env: Record<string, string> = {},
  engine: E2eEngine = 'sqlite',
): Promise<RunningServer> {
  for (const [file, hint] of [
    [SERVER_MAIN, 'npm run build:ts'],
    [WEB_INDEX, 'npm run build -w @fxid/web'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`e2e needs ${file}: run ${hint} (npm test builds everything first)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'fxid-e2e-'));
  const postgres = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const databaseFile = postgres ? '' : join(dir, 'e2e.sqlite');
  const server = builtServer(
    await freePort(),
    {
      DATABASE_URL: postgres?.url ?? `sqlite:${databaseFile}`,
      OUTBOX_INTERVAL_MS: '200',
      WEB_DIST_DIR: WEB_DIST,
      ...env,
    },
    // Every migration runs on the fresh PostgreSQL database first: on a busy machine that takes longer.
    { readyWithinMs: postgres ? 90_000 : 30_000 },
  );
  const stop = async () => {
    await server.stop();
    await postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await server.start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: server.url, databaseFile, output: server.output, stop };
}
