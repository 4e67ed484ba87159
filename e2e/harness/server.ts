import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

/** The repository root: the server runs from there, as `npm start` runs it. */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER_MAIN = join(REPO_ROOT, 'apps/server/dist/main.js');
/**
 * The portal build the server serves: apps/web/dist, or another build named by
 * E2E_WEB_DIST_DIR (e.g. to try a web change built outside the work tree).
 */
const WEB_DIST = process.env.E2E_WEB_DIST_DIR ?? join(REPO_ROOT, 'apps/web/dist');
const WEB_INDEX = join(WEB_DIST, 'index.html');

export interface RunningServer {
  /** Origin plus router base path, ending in `/`, e.g. `http://127.0.0.1:41234/`. */
  url: string;
  /** The server's SQLite file; tests may read it to look behind the API. */
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

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server (`node apps/server/dist/main.js`) in development mode on a
 * free port with a fresh SQLite file and the demo catalog, and waits until /readyz
 * answers. `env` overrides any variable of the README's table (FIXED_GAME, LOCALES, …).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  for (const [file, hint] of [
    [SERVER_MAIN, 'npm run build:ts'],
    [WEB_INDEX, 'npm run build -w @fxid/web'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`e2e needs ${file}: run ${hint} (npm test builds everything first)`);
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'fxid-e2e-'));
  const databaseFile = join(dir, 'e2e.sqlite');
  const basePath = env.ROUTER_BASE_PATH ?? '/';
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      DATABASE_URL: `sqlite:${databaseFile}`,
      LOG_LEVEL: 'warn',
      // The suite is one client hammering one server: no rate limit may interfere.
      RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
      OUTBOX_INTERVAL_MS: '200',
      WEB_DIST_DIR: WEB_DIST,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(`${origin}${basePath}readyz`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `${origin}${basePath}`, databaseFile, output: () => output, stop };
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer ${url} within 30 s:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
