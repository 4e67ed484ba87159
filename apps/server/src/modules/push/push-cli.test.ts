import { execFile } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { createApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { DEMO_CATALOG } from '../../test/app.js';
import { decryptPush, type FakePushService, startFakePushService } from '../../test/fake-push-service.js';
import { bearer, signIn } from '../../test/sign-in.js';

/** Runs the built command as an operator would; `npm test` builds it first (npm run build:ts). */
const dist = new URL('../../../dist/', import.meta.url).pathname;
const run = promisify(execFile);

describe('npm run push -- send', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fxid-push-cli-'));
  const databaseUrl = `sqlite:${join(dir, 'push.sqlite')}`;
  const keys = webpush.generateVAPIDKeys();
  const receiver = createECDH('prime256v1');
  receiver.generateKeys();
  const authSecret = randomBytes(16);
  let fake: FakePushService;

  const push = (args: string[], env: Record<string, string> = {}) =>
    run('node', [join(dist, 'cli/push.js'), ...args], {
      env: {
        ...process.env,
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
        NODE_EXTRA_CA_CERTS: fake.caFile,
        ...env,
      },
    }).then(
      (result) => ({ code: 0, ...result }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  beforeAll(async () => {
    if (!existsSync(join(dist, 'cli/push.js'))) throw new Error('apps/server is not built: run npm run build:ts');
    fake = await startFakePushService();
    const env = { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
    await run('node', [join(dist, 'cli/migrate.js')], { env });
    await run('node', [join(dist, 'cli/catalog.js'), 'import', DEMO_CATALOG], { env });
    // A player saves a subscription through the real route, as the portal does.
    const app = await createApp(testConfig({ mode: 'development', databaseUrl, webDistDir: '/nonexistent' }));
    try {
      await app.ready();
      const { db } = openDatabase(databaseUrl);
      const token = await signIn(app, db, 'cli-push@example.com');
      await db.destroy();
      const Token = JSON.stringify({
        endpoint: `${fake.origin}/cli`,
        keys: { p256dh: receiver.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
      });
      const saved = await app.inject({
        method: 'POST',
        url: '/api/v1/push_tokens/save',
        headers: bearer(token),
        payload: { Game: 'sky-runner', Platform: 'web', Token },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    } finally {
      await app.close();
    }
  });
  afterAll(() => fake?.close());

  it('sends a notification to the saved subscriptions and prints the figures', async () => {
    const result = await push([
      'send',
      '--game',
      'sky-runner',
      '--title',
      'Tournament',
      '--body',
      'Starts in an hour',
      '--url',
      'https://play.example.com/play/sky-runner',
      '--ttl',
      '120',
      '--allow-local-endpoints',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('sky-runner: 1 subscription(s), 1 sent, 0 failed (0 removed as gone), 0 skipped');
    const [request] = fake.received;
    expect(request?.headers.ttl).toBe('120');
    expect(JSON.parse(decryptPush(request?.body ?? Buffer.alloc(0), receiver, authSecret))).toEqual({
      title: 'Tournament',
      body: 'Starts in an hour',
      url: 'https://play.example.com/play/sky-runner',
    });
  });

  it('holds endpoints to the public-host rule unless told otherwise, and removes gone ones', async () => {
    const strict = await push(['send', '--game', 'sky-runner', '--title', 'T', '--body', 'B']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('skipped, The subscription endpoint must use the default https port');
    expect(strict.stdout).toContain('1 subscription(s), 0 sent, 0 failed (0 removed as gone), 1 skipped');

    fake.answer('/cli', 410);
    const gone = await push(['send', '--game', 'sky-runner', '--title', 'T', '--body', 'B', '--allow-local-endpoints']);
    expect(gone.stdout).toContain('1 subscription(s), 0 sent, 1 failed (1 removed as gone)');
    const after = await push([
      'send',
      '--game',
      'sky-runner',
      '--title',
      'T',
      '--body',
      'B',
      '--allow-local-endpoints',
    ]);
    expect(after.stdout).toContain('0 subscription(s), 0 sent');
  });

  it('refuses bad usage, unknown games and keys made up at start', async () => {
    expect((await push(['send', '--game', 'sky-runner'])).code).toBe(2);
    expect((await push(['frobnicate'])).code).toBe(2);
    expect((await push(['send', '--game', 'sky-runner', '--title', 'T', '--body', 'B', '--urgency', 'now'])).code).toBe(
      2,
    );
    const unknown = await push(['send', '--game', 'no-such-game', '--title', 'T', '--body', 'B']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No game is called "no-such-game"');
    const generated = await push(['send', '--game', 'sky-runner', '--title', 'T', '--body', 'B'], {
      VAPID_PUBLIC_KEY: '',
      VAPID_PRIVATE_KEY: '',
      VAPID_SUBJECT: '',
    });
    expect(generated.code).toBe(1);
    expect(generated.stderr).toContain('the same as the server uses');
  });
});
