import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository root: the built server runs from there, as `npm start` runs it. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const SERVER_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** Fails with what to run when the server was not built (the root `npm test` builds first). */
export function requireBuiltServer(): void {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`this test runs the built server ${SERVER_MAIN}: run \`npm run build:ts\` first`);
  }
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

/** The built server as a process that can be killed and started again on the same port and database. */
export interface BuiltServer {
  /** Origin plus router base path, ending in `/`, the same across restarts. */
  url: string;
  start(): Promise<void>;
  /** SIGTERM, as an operator stops it (SIGKILL after 5 s). */
  stop(): Promise<void>;
  /** SIGTERM without waiting: the test watches the shutdown (see `exitCode`). */
  terminate(): void;
  /** The current process's exit code once it has exited (null: running, or killed by a signal). */
  exitCode(): number | null;
  /** SIGKILL: no shutdown hook runs, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** Kills at once, without waiting for the exit (from inside a callback that must not wait). */
  killNow(): void;
  /** Resolves once the current process has exited. */
  exited(): Promise<void>;
  output(): string;
}

/**
 * The built server in development mode on loopback, quiet logs, loopback exempt from rate
 * limits; `env` adds to or overrides any variable of the README's table.
 */
export function builtServer(
  port: number,
  env: Record<string, string>,
  options: { readyWithinMs?: number } = {},
): BuiltServer {
  const readyWithinMs = options.readyWithinMs ?? 30_000;
  const origin = `http://127.0.0.1:${port}`;
  const url = `${origin}${env.ROUTER_BASE_PATH ?? '/'}`;
  let child: ChildProcess | undefined;
  let output = '';
  const exited = (process: ChildProcess) =>
    process.exitCode !== null || process.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => process.once('exit', () => resolve()));
  return {
    url,
    output: () => output,
    async start() {
      const started = spawn(process.execPath, [SERVER_MAIN], {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: origin,
          LOG_LEVEL: 'warn',
          // Tests are one client hammering one server: no rate limit may interfere.
          RATE_LIMIT_ALLOWLIST: '127.0.0.1,::1,::ffff:127.0.0.1',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      started.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const deadline = Date.now() + readyWithinMs;
      while (Date.now() < deadline) {
        // Killed on purpose while starting (only tests send SIGKILL): not a failure to start.
        if (started.signalCode === 'SIGKILL') return;
        if (started.exitCode !== null) throw new Error(`server exited with ${started.exitCode}:\n${output}`);
        try {
          if ((await fetch(`${url}readyz`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`server did not get ready within ${readyWithinMs / 1000} s:\n${output}`);
    },
    exited: () => (child ? exited(child) : Promise.resolve()),
    async stop() {
      if (!child) return;
      const stopping = child;
      const force = setTimeout(() => stopping.kill('SIGKILL'), 5_000);
      stopping.kill('SIGTERM');
      await exited(stopping);
      clearTimeout(force);
    },
    terminate() {
      child?.kill('SIGTERM');
    },
    exitCode: () => child?.exitCode ?? null,
    killNow() {
      child?.kill('SIGKILL');
    },
    async kill() {
      if (!child) return;
      const dying = child;
      dying.kill('SIGKILL');
      await exited(dying);
    },
  };
}
