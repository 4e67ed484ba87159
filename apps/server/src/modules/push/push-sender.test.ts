import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import webpush from 'web-push';
import { testConfig } from '../../config.js';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import {
  decryptPush,
  type FakePushService,
  startFakePushService,
  verifyVapidHeader,
} from '../../test/fake-push-service.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { PushSendError, sendPushNotice } from './push-sender.js';

const keys = webpush.generateVAPIDKeys();
const vapid = { ...keys, subject: 'mailto:ops@example.com', generated: false };
const config = testConfig({ mode: 'development', vapid });

/** A browser's side of a subscription: the key pair and auth secret it would keep. */
function browser(endpoint: string) {
  const receiver = createECDH('prime256v1');
  receiver.generateKeys();
  const authSecret = randomBytes(16);
  const token = JSON.stringify({
    endpoint,
    expirationTime: null,
    keys: { p256dh: receiver.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  });
  return { receiver, authSecret, token };
}

describeEachEngine('push sender', (engine) => {
  const testApp = useTestApp(engine, { mode: 'development', vapid });
  let fake: FakePushService;
  beforeAll(async () => {
    fake = await startFakePushService();
  });
  afterAll(() => fake.close());

  const save = async (token: string, Token: string, Game = 'sky-runner') => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/push_tokens/save',
      headers: bearer(token),
      payload: { Game, Platform: 'web', Token },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const send = (options: Partial<Parameters<typeof sendPushNotice>[1]> = {}) =>
    sendPushNotice(
      { db: testApp().database.handle.db, config },
      { game: 'sky-runner', allowLocalEndpoints: true, ca: fake.ca, ...options },
      { title: 'New level', body: 'The tower is open', url: '/play/sky-runner' },
    );
  const accountOf = (email: string) =>
    testApp()
      .database.handle.db.selectFrom('accounts')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

  it('serves the configured public key in the public game config', async () => {
    const response = await testApp().app.inject({ method: 'GET', url: '/api/v1/public_game_config/sky-runner' });
    expect(response.json().PublicWebClientConfig.WebPush).toEqual({ VapidPublicKey: keys.publicKey });
  });

  it('sends a proper Web Push request: aes128gcm, a VAPID JWT of the configured key, TTL and urgency', async () => {
    const { app, database } = testApp();
    const player = browser(`${fake.origin}/send/one-${engine}`);
    await save(await signIn(app, database.handle.db, `sender-${engine}@example.com`), player.token);
    const report = await send({ ttlSeconds: 600, urgency: 'high' });
    expect(report).toMatchObject({ subscriptions: 1, sent: 1, failed: 0, removed: 0, skipped: 0 });

    const request = fake.received.find((item) => item.path === `/send/one-${engine}`);
    if (!request) throw new Error('the fake push service got no request');
    expect(request.method).toBe('POST');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers['content-type']).toBe('application/octet-stream');
    expect(request.headers.ttl).toBe('600');
    expect(request.headers.urgency).toBe('high');
    const claims = await verifyVapidHeader(String(request.headers.authorization), keys.publicKey);
    expect(claims.aud).toBe(fake.origin);
    expect(claims.sub).toBe('mailto:ops@example.com');
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
    // Only the browser's keys open the message, and it holds exactly the notice.
    expect(JSON.parse(decryptPush(request.body, player.receiver, player.authSecret))).toEqual({
      title: 'New level',
      body: 'The tower is open',
      url: '/play/sky-runner',
    });
    expect(() => decryptPush(request.body, browser('https://x').receiver, player.authSecret)).toThrow();
  });

  it('deletes subscriptions the push service calls gone (404, 410), keeps those that failed otherwise', async () => {
    const { app, database } = testApp();
    const db = database.handle.db;
    const token = await signIn(app, db, `gone-${engine}@example.com`);
    for (const [path, status] of [
      [`/gone-${engine}`, 410],
      [`/missing-${engine}`, 404],
      [`/broken-${engine}`, 500],
    ] as const) {
      fake.answer(path, status);
      await save(token, browser(`${fake.origin}${path}`).token);
    }
    const { id } = await accountOf(`gone-${engine}@example.com`);
    const report = await send({ accountId: id });
    expect(report).toMatchObject({ subscriptions: 3, sent: 0, failed: 3, removed: 2, skipped: 0 });
    expect(report.problems).toContain(`${new URL(fake.origin).host}: 410, subscription removed`);
    const left = await db.selectFrom('push_subscriptions').select('endpoint').where('account_id', '=', id).execute();
    expect(left.map((row) => row.endpoint)).toEqual([`${fake.origin}/broken-${engine}`]);
  });

  it('sends to one account only when asked, and re-checks every endpoint before calling it (row 48)', async () => {
    const { app, database } = testApp();
    const db = database.handle.db;
    const before = fake.received.length;
    await save(await signIn(app, db, `one-${engine}@example.com`), browser(`${fake.origin}/only-${engine}`).token);
    await save(await signIn(app, db, `two-${engine}@example.com`), browser(`${fake.origin}/other-${engine}`).token);
    const { id } = await accountOf(`one-${engine}@example.com`);
    expect(await send({ accountId: id })).toMatchObject({ subscriptions: 1, sent: 1 });
    expect(fake.received.slice(before).map((item) => item.path)).toEqual([`/only-${engine}`]);

    // Saved while allowed (development); the send itself holds every endpoint to the public-host rule.
    const strict = await send({ accountId: id, allowLocalEndpoints: false });
    expect(strict).toMatchObject({ subscriptions: 1, sent: 0, failed: 0, skipped: 1 });
    expect(strict.problems[0]).toMatch(/skipped, The subscription endpoint must use the default https port/);
    // A public-looking name that now resolves inside is refused too.
    await save(await signIn(app, db, `dns-${engine}@example.com`), browser('https://push.example.com/x').token);
    const dns = await accountOf(`dns-${engine}@example.com`);
    const rebound = await send({
      accountId: dns.id,
      allowLocalEndpoints: false,
      resolve: async () => ['169.254.169.254'],
    });
    expect(rebound).toMatchObject({ sent: 0, skipped: 1 });
    expect(rebound.problems).toEqual(['push.example.com: skipped, The subscription endpoint must be a public host']);
    expect(fake.received.length).toBe(before + 1);
  });

  it('refuses local endpoints in production, missing keys, bad notices and unknown games before sending', async () => {
    const db = testApp().database.handle.db;
    const notice = { title: 'T', body: 'B' };
    await expect(
      sendPushNotice(
        { db, config: { ...config, mode: 'production' } },
        { game: 'sky-runner', allowLocalEndpoints: true },
        notice,
      ),
    ).rejects.toThrow(PushSendError);
    await expect(
      sendPushNotice({ db, config: { ...config, vapid: undefined } }, { game: 'sky-runner' }, notice),
    ).rejects.toThrow(/Web Push is off/);
    await expect(sendPushNotice({ db, config }, { game: 'sky-runner' }, { title: ' ', body: 'B' })).rejects.toThrow(
      'The notification needs a title',
    );
    await expect(
      sendPushNotice({ db, config }, { game: 'sky-runner' }, { ...notice, url: 'javascript:alert(1)' }),
    ).rejects.toThrow(/url must be/);
    await expect(sendPushNotice({ db, config }, { game: 'no-such-game' }, notice)).rejects.toMatchObject({
      code: 'game_not_found',
    });
  });
});
