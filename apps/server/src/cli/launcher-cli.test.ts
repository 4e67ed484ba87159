import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Engine, openDatabase } from '../db/database.js';
import { SCHEMA_CHANGE_LOCK } from '../db/migrate.js';
import { hashLauncherKey } from '../modules/launcher/launcher-keys.js';
import { writeDemoArtifacts } from '../modules/launcher/launcher-test-files.js';
import { builtServer, freePort, requireBuiltServer, SERVER_MAIN } from '../test/built-server.js';
import { cuttingProxy } from '../test/cutting-proxy.js';
import { describeEachEngine } from '../test/databases.js';
import { latestInviteToken, TEST_BROWSER_NONCE } from '../test/sign-in.js';

const LAUNCHER_CLI = join(SERVER_MAIN, '../cli/launcher.js');
const run = promisify(execFile);

/** Runs `npm run launcher -- …` as the built command, with the exit code and both outputs. */
function launcher(args: string[], env: Record<string, string>) {
  return run(process.execPath, [LAUNCHER_CLI, ...args], { env: { ...process.env, LOG_LEVEL: 'warn', ...env } }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

/**
 * The database the built server and command share: a SQLite file, or a PostgreSQL schema of
 * its own named in the URL (pg's `options`), dropped afterwards.
 */
async function sharedDatabase(engine: Engine, dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const postgres = process.env.TEST_DATABASE_URL;
  if (engine === 'sqlite' || !postgres) return { url: `sqlite:${join(dir, 'fxid.sqlite')}`, drop: async () => {} };
  const schema = `t_launcher_${randomBytes(6).toString('hex')}`;
  const admin = async (...statements: string[]) => {
    const client = new pg.Client({ connectionString: postgres });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${schema}`);
  const url = `${postgres}${postgres.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    url,
    drop: () =>
      // Not while a migrator reads every schema's tables (see SCHEMA_CHANGE_LOCK); the lock goes with the session.
      admin(`select pg_advisory_lock(${SCHEMA_CHANGE_LOCK})`, `drop schema ${schema} cascade`),
  };
}

// Each test runs the built command (a Node start each) against a built server: generous on a loaded machine.
describeEachEngine('launcher operator command and reference client', (engine) => {
  const dir = mkdtempSync(join(tmpdir(), 'fxid-launcher-'));
  // Large enough that the transfer is cut well inside the body.
  const artifacts = writeDemoArtifacts(3_000_000);
  const env = { DATABASE_URL: '', LAUNCHER_ARTIFACTS_DIR: artifacts.folder };
  let database: Awaited<ReturnType<typeof sharedDatabase>> | undefined;
  let server: ReturnType<typeof builtServer>;
  let proxy: Awaited<ReturnType<typeof cuttingProxy>>;
  let token = '';

  beforeAll(async () => {
    requireBuiltServer();
    database = await sharedDatabase(engine, dir);
    env.DATABASE_URL = database.url;
    const port = await freePort();
    proxy = await cuttingProxy(port);
    // The proxy is the server's public address, so the download URLs it hands out go through it too.
    server = builtServer(port, { ...env, PUBLIC_URL: proxy.url.replace(/\/$/, '') });
    await server.start();
    const email = 'launcher-player@example.com';
    const asked = await fetch(`${server.url}api/v1/invite/email_invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: email, CaptchaResult: 'dev-token', BrowserNonce: TEST_BROWSER_NONCE }),
    });
    expect(asked.status).toBe(200);
    const { db } = openDatabase(env.DATABASE_URL);
    const inviteToken = await latestInviteToken(db, email).finally(() => db.destroy());
    const signedIn = await fetch(`${server.url}api/v1/auth/authenticate_from_email_invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ InviteToken: inviteToken, BrowserNonce: TEST_BROWSER_NONCE }),
    });
    token = ((await signedIn.json()) as { Token: string }).Token;
    expect(token).toBeTruthy();
  }, 90_000);
  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(artifacts.folder, { recursive: true, force: true });
  });

  let keys: string[] = [];

  it('prints new keys once and stores only their hashes', { timeout: 90_000 }, async () => {
    const made = await launcher(['keys', 'create', '--game', 'sky-runner', '--branch', 'stable', '--count', '2'], env);
    expect(made.code).toBe(0);
    keys = made.stdout.trim().split('\n');
    expect(keys).toHaveLength(2);
    expect(made.stderr).toContain('2 key(s) for sky-runner/stable; they are not shown again');
    const { db } = openDatabase(env.DATABASE_URL);
    const stored = await db
      .selectFrom('launcher_keys')
      .selectAll()
      .execute()
      .finally(() => db.destroy());
    expect(stored.map((row) => row.key_hash).sort()).toEqual(keys.map(hashLauncherKey).sort());
    expect(JSON.stringify(stored)).not.toContain(keys[0]);
    const unknown = await launcher(
      ['keys', 'create', '--game', 'sky-runner', '--branch', 'nightly', '--count', '1'],
      env,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no key was made');
    expect((await launcher(['keys', 'create', '--game', 'sky-runner'], env)).code).toBe(2);
  });

  it('activates a key, downloads the branch through an interrupted transfer, resumes and verifies the hash', {
    timeout: 90_000,
  }, async () => {
    const out = join(dir, 'stable');
    proxy.arm('/launcher/download/', { kind: 'cut', afterBytes: 1_200_000 });
    const fetched = await launcher(
      ['fetch', '--url', proxy.url, '--game', 'sky-runner', '--key', keys[0] as string, '--out', out],
      { FXID_TOKEN: token },
    );
    expect(fetched.stderr).toBe('');
    expect(fetched.code).toBe(0);
    expect(proxy.sabotaged()).toBe(1);
    const lines = fetched.stdout.split('\n');
    expect(lines[0]).toBe('key activated: branch stable unlocked');
    expect(lines[1]).toBe('branches: stable 1.4.2 (build 1402), demo 1.3.0 (build 1300)');
    const interrupted = fetched.stdout.match(/sky-runner-win64\.zip: interrupted at byte (\d+) of 3000000/);
    const resumedAt = Number(interrupted?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThan(3_000_000);
    expect(fetched.stdout).toContain(`sky-runner-win64.zip: resuming at byte ${resumedAt} of 3000000`);
    expect(fetched.stdout).toContain(
      `sky-runner-win64.zip: 3000000 bytes, SHA-256 ${artifacts.sha256(artifacts.files.full)} verified`,
    );
    expect(readFileSync(join(out, 'sky-runner-win64.zip')).equals(artifacts.files.full)).toBe(true);
    expect(readdirSync(out)).toEqual(['sky-runner-win64.zip']);
  });

  it('throws away a download whose bytes do not match the manifest hash', { timeout: 90_000 }, async () => {
    const out = join(dir, 'demo');
    proxy.arm('/launcher/download/', { kind: 'flip', atByte: 2000 });
    const fetched = await launcher(
      ['fetch', '--url', proxy.url, '--game', 'sky-runner', '--branch', 'demo', '--out', out],
      {
        FXID_TOKEN: token,
      },
    );
    expect(fetched.code).toBe(1);
    expect(fetched.stderr).toMatch(
      /sky-runner-demo-win64\.zip: SHA-256 [0-9a-f]{64} is not the manifest's [0-9a-f]{64}; removed/,
    );
    expect(existsSync(join(out, 'sky-runner-demo-win64.zip'))).toBe(false);
    expect(readdirSync(out)).toEqual([]);
  });

  it('refuses an unknown key with its code', { timeout: 90_000 }, async () => {
    const again = await launcher(
      ['fetch', '--url', server.url, '--game', 'sky-runner', '--key', 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE', '--out', dir],
      { FXID_TOKEN: token },
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('activate_key: 404 launcher_key_unknown');
  });
});
