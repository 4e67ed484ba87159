import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { insertEvents } from '../modules/analytics/analytics-repository.js';
import { enqueue } from '../modules/outbox/outbox.js';
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
    const running = await waitForOutput(child, /fxid is running at http:\/\/localhost:\d+\//);
    const port = running.match(/:(\d+)\/$/)?.[1];
    expect(existsSync(join(dir, 'server.sqlite'))).toBe(true);
    // PORT=0 served a real port, and the links mailed name that port (PUBLIC_URL's default), not port 0.
    const invite = await fetch(`http://127.0.0.1:${port}/api/v1/invite/email_invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Email: 'port-zero@example.test',
        CaptchaResult: 'dev-captcha-pass',
        BrowserNonce: 'n'.repeat(43),
      }),
    });
    expect(invite.status).toBe(200);
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/dev/mailbox`)).text(), { timeout: 10_000 })
      .toContain(`http://localhost:${port}/LoginValidateEmail?`);
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
    expect(again.stdout).toContain('products: 0 created, 0 updated, 6 unchanged');
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

  it('exports the analytics events as CSV, from a day on when asked, and refuses bad usage', async () => {
    const databaseUrl = `sqlite:${join(dir, 'analytics.sqlite')}`;
    const day = (date: string) => Date.parse(`${date}T12:00:00Z`);
    const { db } = openDatabase(databaseUrl);
    try {
      await migrateToLatest(db);
      await insertEvents(
        db,
        ['2026-11-01', '2026-11-20'].map((date, index) => ({
          id: `0190000${index}-0000-7000-8000-000000000000`,
          session_id: `session-${index}`,
          platform: 24,
          build_id: 'b1',
          event_id: 781965163 + index,
          created_at: day(date),
          server_created_at: day(date),
          s1: index === 0 ? '=cmd|calc' : 'plain',
        })),
      );
    } finally {
      await db.destroy();
    }
    const env = { DATABASE_URL: databaseUrl };
    const all = join(dir, 'all.csv');
    const exported = await node('cli/analytics.js', ['export', all], env);
    expect([exported.code, exported.stdout]).toEqual([0, `2 analytics event(s) written to ${all}\n`]);
    const lines = readFileSync(all, 'utf8').trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^id,session_id,account_id,platform,build_id,event_id,/);
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 6).join(','))).toEqual([
      'session-0,,24,b1,781965163',
      'session-1,,24,b1,781965164',
    ]);
    // A formula typed into a slot stays text in a spreadsheet.
    expect(lines[1]).toContain("'=cmd|calc");

    const recent = join(dir, 'recent.csv');
    const since = await node('cli/analytics.js', ['export', recent, '--since', '2026-11-10'], env);
    expect(since.stdout).toContain('1 analytics event(s)');
    expect(readFileSync(recent, 'utf8')).toContain('session-1');
    expect(readFileSync(recent, 'utf8')).not.toContain('session-0');

    for (const args of [
      [],
      ['export'],
      ['dump', all],
      ['export', all, '--since', 'someday'],
      ['export', all, '--since'],
      ['export', all, '-x'],
    ]) {
      const refused = await node('cli/analytics.js', args, env);
      expect([refused.code, refused.stderr], args.join(' ')).toEqual([
        2,
        'usage: npm run analytics -- export FILE.csv [--since YYYY-MM-DD]\n',
      ]);
    }
  });

  it('lists failed outbox jobs with their last error, never their payload, and retries one by id', {
    timeout: 90_000,
  }, async () => {
    const env = { DATABASE_URL: `sqlite:${join(dir, 'outbox.sqlite')}` };
    const { db } = openDatabase(env.DATABASE_URL);
    try {
      await migrateToLatest(db);
      await enqueue(db, 'email', { to: 'player@example.com', subject: 'secret link' }, 1000);
      await enqueue(db, 'game_delivery', { destination: 'game.example' }, 2000);
      await db
        .updateTable('outbox')
        .set({ status: 'failed', attempts: 10, last_error: 'connect ECONNREFUSED 10.0.0.9:443', updated_at: 3000 })
        .where('kind', '=', 'game_delivery')
        .execute();
    } finally {
      await db.destroy();
    }
    const all = await node('cli/outbox.js', ['list'], env);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('2 job(s)');
    expect(all.stdout).not.toContain('player@example.com');
    const failed = await node('cli/outbox.js', ['list', '--failed'], env);
    expect(failed.stdout).toMatch(
      /game_delivery {2}failed {2}attempts 10 .* last error: connect ECONNREFUSED 10\.0\.0\.9:443/,
    );
    expect(failed.stdout).not.toContain('email');
    expect(failed.stdout).toContain('1 failed job(s)');
    const id = failed.stdout.split(' ')[0] ?? '';

    const retried = await node('cli/outbox.js', ['retry', id], env);
    expect([retried.code, retried.stdout]).toEqual([0, `job ${id} is queued again\n`]);
    expect((await node('cli/outbox.js', ['list', '--failed'], env)).stdout).toBe('0 failed job(s)\n');
    const again = await node('cli/outbox.js', ['retry', id], env);
    expect([again.code, again.stderr]).toEqual([
      1,
      `no failed job has id ${id}; \`npm run outbox -- list --failed\` lists them\n`,
    ]);
    expect((await node('cli/outbox.js', ['frobnicate'], env)).code).toBe(2);
  });
});
