import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { vkLaunchQuery } from '../modules/platforms/vk/vk-test-support.js';
import { builtServer, freePort, requireBuiltServer } from '../test/built-server.js';
import { api, choose, type LinkReader, placeOrder, startGameServer } from '../test/built-store.js';
import { describeEachEngine } from '../test/databases.js';
import { createPostgresDatabase } from '../test/postgres-database.js';
import { testRedisUrl, uniqueKeyPrefix } from '../test/redis.js';
import { startSmtpPeer, unfolded } from '../test/smtp-peer.js';
import { sandboxNotification } from '../test/store.js';

/*
 * Secrets out of the logs (security.md §12 row 50), on the real process: the built server's own output, in
 * the JSON format production uses, at `trace`, through a whole run: sign-in by a mailed link, a
 * temp token, a sandbox purchase delivered to the game's server, a provider's notification (and
 * a forged one), a VK sign-in, a metrics scrape, logout; on PostgreSQL (with a password in its
 * URL) also with Redis (with one too) when TEST_REDIS_URL is set. Every log line about a request
 * names it, and no credential, address or configured secret appears anywhere the process wrote.
 */

const GAME = 'sky-runner';
/** Values that exist only in this test, so finding one in the log can only be a leak. */
const secret = (name: string) => `${name}-${randomBytes(9).toString('hex')}`;

describeEachEngine("the built server's log of a full run", (engine) => {
  const dir = mkdtempSync(join(tmpdir(), 'fxid-log-'));
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('carries request ids and no token, email, checkout id or secret', { timeout: 120_000 }, async () => {
    requireBuiltServer();
    const email = 'Log.Secret.Player@example.com';
    const smtpLogin = { user: 'fxid-mailer', pass: secret('smtp-pass') };
    const gameSecret = secret('game-secret');
    const gameHookKey = secret('hook-key');
    const sandboxSecret = secret('sandbox-webhook-secret');
    const vkSecret = secret('vk-secret');
    const metricsToken = secret('metrics-token');
    const browserNonce = randomBytes(32).toString('base64url');
    const secrets = [email, email.toLowerCase(), smtpLogin.pass, gameSecret, gameHookKey, sandboxSecret, vkSecret];
    secrets.push(metricsToken, browserNonce);

    let databaseUrl = `sqlite:${join(dir, `${engine}.sqlite`)}`;
    const shared: Record<string, string> = {};
    if (engine === 'postgres') {
      const database = await createPostgresDatabase('fxid_log');
      cleanups.push(database.drop);
      // The test server trusts any password: this one only has to stay out of the log.
      const url = new URL(database.url);
      url.password = secret('pg-pass');
      secrets.push(url.password);
      databaseUrl = url.toString();
      // And as one of several instances, when Redis is there: its password stays out too.
      if (testRedisUrl) {
        const redis = new URL(testRedisUrl);
        redis.password = secret('redis-pass');
        secrets.push(redis.password);
        Object.assign(shared, { REDIS_URL: redis.toString(), REDIS_KEY_PREFIX: uniqueKeyPrefix() });
      }
    }
    const smtp = await startSmtpPeer(smtpLogin);
    cleanups.push(smtp.close);
    const game = await startGameServer(gameSecret);
    cleanups.push(game.close);
    const server = builtServer(await freePort(), {
      DATABASE_URL: databaseUrl,
      ...shared,
      LOG_LEVEL: 'trace',
      LOG_FORMAT: 'json',
      SMTP_URL: smtp.url,
      GAME_WEBHOOKS: `${GAME}=${game.url}?key=${gameHookKey}`,
      GAME_SECRETS: `${GAME}=${gameSecret}`,
      SANDBOX_WEBHOOK_SECRET: sandboxSecret,
      VK_APPS: `${GAME}=51234567:${vkSecret}`,
      METRICS_TOKEN: metricsToken,
      OUTBOX_INTERVAL_MS: '100',
      WEB_DIST_DIR: '/nonexistent',
      DEMO_GAME_DIR: '/nonexistent',
    });
    cleanups.push(() => server.kill());
    await server.start();

    // Sign-in by the mailed link, as the browser that asked for it.
    const mailedLink: LinkReader = async (_server, to) => {
      const mail = smtp.received.find((received) =>
        received.to.some((rcpt) => rcpt.toLowerCase() === to.toLowerCase()),
      );
      const token = mail && unfolded(mail).match(/inviteToken=([\w-]+)/)?.[1];
      if (token) secrets.push(token);
      return token;
    };
    const asked = await fetch(`${server.url}api/v1/invite/email_invite`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: email, CaptchaResult: 'dev-captcha-pass', BrowserNonce: browserNonce }),
    });
    expect(asked.status).toBe(200);
    const askedId = asked.headers.get('x-request-id') ?? '';
    let inviteToken: string | undefined;
    await expect.poll(async () => (inviteToken = await mailedLink(server, email)), { timeout: 15_000 }).toBeTruthy();
    await api(server, 'auth/email_invite_details', { InviteToken: inviteToken });
    const session = (
      await api<{ Token: string }>(server, 'auth/authenticate_from_email_invite', {
        InviteToken: inviteToken,
        BrowserNonce: browserNonce,
      })
    ).Token;
    secrets.push(session);
    await api(server, 'profile', {}, session);
    const temp = await api<{ TempToken: string }>(
      server,
      'auth/create_temp_token',
      { RedirectUri: '/Profile' },
      session,
    );
    secrets.push(temp.TempToken);
    await fetch(`${server.url}LoginWithTempToken?token=${temp.TempToken}`);
    const second = await api<{ Token: string }>(server, 'auth/authenticate_from_temp_token', {
      TempToken: temp.TempToken,
    });
    secrets.push(second.Token);

    // A purchase on the sandbox's form: its checkout id is the form's only credential.
    const paid = await placeOrder(server, session, GAME, 'stars_100');
    secrets.push(paid.checkoutId);
    expect((await fetch(`${server.url}api/v1/store/payment_form/${paid.checkoutId}`)).status).toBe(200);
    expect(await choose(server, paid, 'Pay')).toBe(true);

    // A provider's notification posted to fxid, then the same tampered: only the first is taken.
    const created = await api<{ TransactionId: string; ConfirmationUrl: string; OrderPrice: Record<string, unknown> }>(
      server,
      'store/create_payment',
      { Game: GAME, Sku: 'stars_550', WebPublishingPlatform: 'FxId' },
      session,
    );
    const checkout = created.ConfirmationUrl.split('/').at(-1) ?? '';
    secrets.push(checkout);
    const { body, signature } = sandboxNotification(
      {
        id: `evt_log_${engine}`,
        type: 'payment.succeeded',
        checkout,
        order: created.TransactionId,
        amount: created.OrderPrice.Amount as number,
        currency: created.OrderPrice.Currency as string,
      },
      { nowMs: Date.now(), secret: sandboxSecret },
    );
    secrets.push(signature.split('v1=')[1] ?? signature);
    const notify = (text: string) =>
      fetch(`${server.url}api/v1/store/webhooks/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
        body: text,
      });
    expect((await notify(body)).status).toBe(200);
    expect((await notify(body.replace('"amount":', '"amount":1'))).status).toBe(400);
    // Both orders reach the game's server, signed with the game's secret.
    await expect.poll(() => game.deliveries.length, { timeout: 20_000 }).toBe(2);
    expect(game.deliveries.every((delivery) => delivery.verified)).toBe(true);

    // A host platform's sign-in: VK's signed launch parameters.
    const launch = vkLaunchQuery('7001', Date.now(), { vk_app_id: '51234567' }, vkSecret);
    secrets.push(new URLSearchParams(launch.slice(1)).get('sign') ?? launch);
    const vk = await api<{ Token: string }>(server, 'auth/authenticate_from_social', {
      Social: 'VkontakteCom',
      Game: GAME,
      VkontakteComLogin: { QueryString: launch },
    });
    secrets.push(vk.Token);

    const metrics = await fetch(`${server.url}metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(metrics.status).toBe(200);
    expect(
      (await fetch(`${server.url}api/v1/auth/logout`, { headers: { authorization: `Bearer ${session}` } })).ok,
    ).toBe(true);
    await server.stop();

    const output = server.output();
    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // The test would prove nothing if little was logged.
    expect(lines.length).toBeGreaterThan(40);
    // Every line about a request names it; the id is the one the client got in X-Request-Id.
    const aboutRequests = lines.filter((line) => 'req' in line || 'res' in line);
    expect(aboutRequests.length).toBeGreaterThan(20);
    expect(aboutRequests.filter((line) => typeof line.reqId !== 'string')).toEqual([]);
    expect(lines.filter((line) => line.reqId === askedId).length).toBeGreaterThanOrEqual(2);
    for (const value of secrets) {
      for (const form of new Set([value, encodeURIComponent(value)])) {
        expect(output, `the log carries ${form}`).not.toContain(form);
      }
    }
  });
});
