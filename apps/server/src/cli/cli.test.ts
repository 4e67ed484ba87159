import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CATALOG } from '../test/app.js';

/** These tests run the built server and tools as an operator would; `npm test` builds them first. */
const dist = new URL('../../dist/', import.meta.url).pathname;
const run = promisify(execFile);

function node(script: string, args: string[], env: Record<string, string>) {
  return run('node', [join(dist, script), ...args], { env: { ...process.env, LOG_LEVEL: 'warn', ...env } }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

function waitForOutput(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`no ${pattern} in: ${output}`)), 15_000);
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
      const match = output.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    });
  });
}

describe('operator commands', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fxid-cli-'));
  beforeAll(() => {
    if (!existsSync(join(dist, 'main.js'))) throw new Error('apps/server is not built: run npm run build:ts');
  });

  it('refuses to start on a bad environment, naming every bad variable', async () => {
    const result = await node('main.js', [], { PORT: 'x', DATABASE_URL: 'mysql://db', FORCED_ADAPTER: 'nope' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('invalid configuration (3 problem(s))');
    for (const name of ['PORT', 'DATABASE_URL', 'FORCED_ADAPTER']) expect(result.stderr).toContain(`${name}:`);
  });

  it('starts on SQLite with the demo catalog, prints its URL, and stops cleanly on SIGTERM', async () => {
    const child = spawn('node', [join(dist, 'main.js')], {
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', DATABASE_URL: `sqlite:${join(dir, 'server.sqlite')}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    await waitForOutput(child, /fxid is running at http:\/\/localhost:\d+\//);
    expect(existsSync(join(dir, 'server.sqlite'))).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('migrates a database and imports a catalog idempotently', async () => {
    const env = { DATABASE_URL: `sqlite:${join(dir, 'catalog.sqlite')}` };
    const migrated = await node('cli/migrate.js', [], env);
    expect(migrated.stdout).toContain('applied: 0001-catalog');
    expect((await node('cli/migrate.js', [], env)).stdout).toContain('database is up to date');

    const first = await node('cli/catalog.js', ['import', DEMO_CATALOG], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('games: 2 created, 0 updated, 0 unchanged');
    const again = await node('cli/catalog.js', ['import', DEMO_CATALOG], env);
    expect(again.stdout).toContain('games: 0 created, 0 updated, 2 unchanged');
    expect(again.stdout).toContain('products: 0 created, 0 updated, 5 unchanged');
  });

  it('refuses an invalid catalog file with each problem and changes nothing', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'Games:\n  - GameSystemName: Bad Name\n');
    const env = { DATABASE_URL: `sqlite:${join(dir, 'refused.sqlite')}` };
    const result = await node('cli/catalog.js', ['import', bad], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Games\[0\]\.GameSystemName \(line 2\): Expected lower-case/);
    expect(result.stderr).toContain('Games[0].Names');
    expect(result.stderr).toContain('nothing was changed');
    expect(existsSync(join(dir, 'refused.sqlite'))).toBe(false);
    expect((await node('cli/catalog.js', ['frobnicate'], env)).code).toBe(2);
  });
});
