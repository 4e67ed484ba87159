import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNginx, type RunningNginx, startNginx } from '../../../../scripts/nginx.mjs';
import { openDatabase } from '../db/database.js';
import { type BuiltServer, builtServer, freePort, requireBuiltServer } from '../test/built-server.js';
import {
  api,
  choose,
  type LinkReader,
  type Origin,
  type PlacedOrder,
  placeOrder,
  signIn,
  startGameServer,
} from '../test/built-store.js';
import { postFrom } from '../test/post-from.js';
import { createPostgresDatabase } from '../test/postgres-database.js';
import { parseExposition } from '../test/prometheus-exposition.js';
import { testRedisUrl, uniqueKeyPrefix } from '../test/redis.js';
import { TEST_BROWSER_NONCE } from '../test/sign-in.js';
import { type SmtpPeer, startSmtpPeer, unfolded } from '../test/smtp-peer.js';
import { sandboxNotification } from '../test/store.js';

/*
 * Many instances: two built servers (real processes) on one PostgreSQL database and one Redis,
 * behind Debian's nginx serving deploy/nginx.conf, as the README's recipe runs them. Every
 * request of the flows below goes through the proxy; each instance's own /metrics (on its
 * METRICS_PORT) shows which one served what.
 */

const GAME = 'sky-runner';
const GAME_SECRET = 'proxy-test-game-secret-0123456789';
const nginx = findNginx();
const missing = [
  process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL',
  testRedisUrl ? undefined : 'TEST_REDIS_URL',
  nginx ? undefined : 'nginx (apt-get install nginx-light)',
].filter(Boolean);
if (missing.length > 0) console.log(`two instances behind nginx: skipped, ${missing.join(' and ')} missing`);

interface Instance {
  server: BuiltServer;
  metricsUrl: string;
}

/** Requests this instance answered, by route template and status, from its own /metrics. */
async function served(instance: Instance, route: string, status?: number): Promise<number> {
  const text = await (await fetch(instance.metricsUrl)).text();
  const samples = parseExposition(text).get('fxid_http_requests_total')?.samples ?? [];
  return samples
    .filter(
      (sample) => sample.labels.route === route && (status === undefined || sample.labels.status === String(status)),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}

async function webhookRefusals(instance: Instance): Promise<number> {
  const text = await (await fetch(instance.metricsUrl)).text();
  const family = parseExposition(text).get('fxid_webhook_verifications_failed_total');
  return (family?.samples ?? []).filter((s) => s.labels.provider === 'sandbox').reduce((sum, s) => sum + s.value, 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(missing.length > 0)('two built instances behind nginx [postgres] [redis]', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let smtp: SmtpPeer;
  let game: Awaited<ReturnType<typeof startGameServer>>;
  let proxy: RunningNginx;
  let first: Instance;
  let second: Instance;
  let token = '';
  const origin: Origin = { url: '' };
  /** The invite token of the newest sign-in link the SMTP peer received for an address. */
  const mailedLink: LinkReader = async (_server, email) => {
    const mail = smtp.received.filter((received) => received.to.includes(email)).at(-1);
    return mail ? unfolded(mail).match(/LoginValidateEmail\?inviteToken=([\w-]+)/)?.[1] : undefined;
  };
  const status = async (id: string) =>
    (
      await api<{ Order: { DetailedStatus: string } }>(
        origin,
        'store/get_payment_status',
        { Game: GAME, TransactionId: id },
        token,
      )
    ).Order.DetailedStatus;

  beforeAll(async () => {
    requireBuiltServer();
    database = await createPostgresDatabase('fxid_proxy');
    smtp = await startSmtpPeer();
    game = await startGameServer(GAME_SECRET);
    const proxyPort = await freePort();
    origin.url = `http://127.0.0.1:${proxyPort}/`;
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl ?? '',
      REDIS_KEY_PREFIX: uniqueKeyPrefix(),
      TRUST_PROXY: 'true',
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      SMTP_URL: smtp.url,
      GAME_WEBHOOKS: `${GAME}=${game.url}`,
      GAME_SECRETS: `${GAME}=${GAME_SECRET}`,
      OUTBOX_INTERVAL_MS: '200',
      // A job the killed instance had claimed runs again on the other one after this.
      OUTBOX_LEASE_MS: '2000',
      // The flows come from 127.0.0.1, exempt; the rate-limit check comes from 127.0.0.2.
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
      WEB_DIST_DIR: '/nonexistent',
      DEMO_GAME_DIR: '/nonexistent',
    };
    const instance = async (): Promise<Instance> => {
      const metricsPort = await freePort();
      const server = builtServer(await freePort(), { ...env, METRICS_PORT: String(metricsPort) });
      return { server, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
    };
    first = await instance();
    second = await instance();
    // One after the other: the first migrates and loads the demo catalog, the second finds both done.
    await first.server.start();
    await second.server.start();
    const upstream = (server: BuiltServer) => new URL(server.url).host;
    proxy = await startNginx(nginx ?? '', proxyPort, [upstream(first.server), upstream(second.server)]);
  }, 90_000);

  afterAll(async () => {
    await proxy?.stop();
    await first?.server.kill();
    await second?.server.kill();
    await game?.close();
    await smtp?.close();
    await database?.drop();
  });

  it('alternates requests between the instances and counts one rate limit across both', async () => {
    const route = '/api/v1/invite/email_invite';
    const before = await Promise.all([first, second].map((i) => served(i, route)));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // Every other request claims another address: nginx replaces the header with the one it saw.
      const spoofed: Record<string, string> = i % 2 === 1 ? { 'x-forwarded-for': `198.51.100.${i}` } : {};
      const answer = await postFrom('127.0.0.2', `${origin.url}api/v1/invite/email_invite`, spoofed, {
        Email: `limited${i}@example.com`,
        CaptchaResult: 'dev-captcha-pass',
        BrowserNonce: TEST_BROWSER_NONCE,
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.json).toMatchObject({ ErrorCode: 'rate_limited' });
    }
    // Ten sign-in links per client address in 15 minutes, whichever instance answers.
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    // Round robin: each instance answered every other request, 200s and 429s alike.
    expect([await served(first, route, 200), await served(second, route, 200)]).toEqual([
      (before[0] ?? 0) + 5,
      (before[1] ?? 0) + 5,
    ]);
    expect([await served(first, route, 429), await served(second, route, 429)]).toEqual([1, 1]);
  });

  it('signs in by the mailed link and fulfils a sandbox purchase once, across both instances', async () => {
    const routes = ['/api/v1/invite/email_invite', '/api/v1/auth/authenticate_from_email_invite'];
    const count = async (instance: Instance) =>
      (await Promise.all(routes.map((route) => served(instance, route, 200)))).reduce((a, b) => a + b, 0);
    const before = [await count(first), await count(second)];
    token = await signIn(origin, 'buyer@example.com', mailedLink);
    // The link leads to the proxy (PUBLIC_URL), and the two steps were answered by different instances.
    const mail = smtp.received.find((received) => received.to.includes('buyer@example.com'));
    expect(mail && unfolded(mail)).toContain(`${origin.url}LoginValidateEmail?inviteToken=`);
    expect([(await count(first)) - (before[0] ?? 0), (await count(second)) - (before[1] ?? 0)]).toEqual([1, 1]);

    const order = await placeOrder(origin, token, GAME, 'stars_100');
    expect(await choose(origin, order, 'Pay')).toBe(true);
    await expect.poll(() => status(order.id), { timeout: 15_000 }).toBe('Completed');
    const deliveries = game.deliveries.filter((delivery) => delivery.transactionId === order.id);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]?.verified).toBe(true);
  });

  it("takes a provider's signed notification once whichever instance gets it, and refuses a forged one", async () => {
    const created = await api<{
      TransactionId: string;
      ConfirmationUrl: string;
      OrderPrice: { Amount: number; Currency: string };
    }>(origin, 'store/create_payment', { Game: GAME, Sku: 'stars_550', WebPublishingPlatform: 'FxId' }, token);
    const event = {
      id: `evt_proxy_${Date.now()}`,
      type: 'payment.succeeded',
      checkout: created.ConfirmationUrl.split('/').at(-1) ?? '',
      order: created.TransactionId,
      amount: created.OrderPrice.Amount,
      currency: created.OrderPrice.Currency,
    };
    const notify = (body: string, signature: string) =>
      fetch(`${origin.url}api/v1/store/webhooks/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sandbox-signature': signature },
        body,
      });
    const refusedBefore = (await webhookRefusals(first)) + (await webhookRefusals(second));
    const route = '/api/v1/store/webhooks/:Provider';
    const before = [await served(first, route), await served(second, route)];

    const { body, signature } = sandboxNotification(event, { nowMs: Date.now() });
    // The provider retries the same event: the second delivery reaches the other instance.
    const answers = [await notify(body, signature), await notify(body, signature)];
    expect(await Promise.all(answers.map((answer) => answer.json()))).toEqual([
      { Received: true, Duplicate: false },
      { Received: true, Duplicate: true },
    ]);
    expect([(await served(first, route)) - (before[0] ?? 0), (await served(second, route)) - (before[1] ?? 0)]).toEqual(
      [1, 1],
    );
    // Tampered after signing (a cheaper amount): refused, and counted by whichever instance saw it.
    const forged = await notify(body.replace(`"amount":${event.amount}`, '"amount":1'), signature);
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ ErrorCode: 'invalid_token' });
    expect((await webhookRefusals(first)) + (await webhookRefusals(second))).toBe(refusedBefore + 1);

    await expect.poll(() => status(created.TransactionId), { timeout: 15_000 }).toBe('Completed');
    const deliveries = game.deliveries.filter((delivery) => delivery.transactionId === created.TransactionId);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]?.verified).toBe(true);
  });

  it('loses nothing when one instance is killed mid-run: nginx fails over and every paid order is fulfilled once', async () => {
    const orders: PlacedOrder[] = [];
    const unexpectedFailures: string[] = [];
    let killedAt = Number.POSITIVE_INFINITY;
    /** When the killed process was gone (the signal takes a moment to end it). */
    let goneAt = Number.POSITIVE_INFINITY;
    const deliveredBefore = game.deliveries.length;
    // The instance dies as the game's server takes the third delivery of this run: it may be the
    // one delivering, or be in the middle of a request.
    game.state.onDelivery = (count) => {
      if (count === deliveredBefore + 3 && killedAt === Number.POSITIVE_INFINITY) {
        killedAt = Date.now();
        second.server.killNow();
        void second.server.exited().then(() => {
          goneAt = Date.now();
        });
      }
    };
    /**
     * One request through the proxy. Only one in flight while the instance died may fail (nginx
     * does not re-send a POST an instance may have received); any other failure is a bug.
     */
    const attempt = async <T>(what: string, request: () => Promise<T>): Promise<T | undefined> => {
      const startedAt = Date.now();
      try {
        return await request();
      } catch (error) {
        if (startedAt > goneAt || Date.now() < killedAt) unexpectedFailures.push(`${what}: ${String(error)}`);
        return undefined;
      }
    };
    /** A buyer: orders one after another, paying each on the sandbox's form. */
    const buyer = async (rounds: number) => {
      for (let round = 0; round < rounds; round++) {
        const order = await attempt('create_payment', () => placeOrder(origin, token, GAME, 'stars_100'));
        if (!order) continue;
        orders.push(order);
        await attempt('Pay', async () => {
          if (!(await choose(origin, order, 'Pay'))) throw new Error(`Pay for ${order.id} was not taken`);
        });
      }
    };
    // Sign-in links asked for while the instances run and one dies: each one taken must arrive.
    const taken: string[] = [];
    const asking = (async () => {
      for (const email of ['late-one@example.com', 'late-two@example.com', 'late-three@example.com']) {
        await sleep(300);
        const answer = await attempt('email_invite', () =>
          api(origin, 'invite/email_invite', {
            Email: email,
            CaptchaResult: 'dev-captcha-pass',
            BrowserNonce: TEST_BROWSER_NONCE,
          }),
        );
        if (answer) taken.push(email);
      }
    })();
    await Promise.all([buyer(5), buyer(5), buyer(5), asking]);
    expect(killedAt).toBeLessThan(Date.now());
    await second.server.exited();
    expect(unexpectedFailures, proxy.errorLog()).toEqual([]);

    // After the kill every request goes to the survivor, without an error.
    const healthBefore = await served(first, '/healthz', 200);
    for (let i = 0; i < 6; i++) expect((await fetch(`${origin.url}healthz`)).status).toBe(200);
    expect(await served(first, '/healthz', 200)).toBe(healthBefore + 6);

    // The truth about money is the sandbox's checkout; every paid order completes and reaches the
    // game's server with one EventId (a delivery cut by the kill may come again: same EventId).
    const { db } = openDatabase(database.url);
    try {
      const checkouts = await db
        .selectFrom('sandbox_payments')
        .select(['public_order_id', 'status'])
        .where(
          'public_order_id',
          'in',
          orders.map((order) => order.id),
        )
        .execute();
      const paid = checkouts
        .filter((checkout) => checkout.status === 'paid')
        .map((checkout) => checkout.public_order_id);
      expect(paid.length).toBeGreaterThanOrEqual(10);
      for (const id of paid) await expect.poll(() => status(id), { timeout: 20_000 }).toBe('Completed');
      for (const order of orders) {
        const delivered = game.deliveries.filter((delivery) => delivery.transactionId === order.id);
        expect(delivered.every((delivery) => delivery.verified)).toBe(true);
        expect(new Set(delivered.map((delivery) => delivery.eventId)).size).toBe(paid.includes(order.id) ? 1 : 0);
      }
      // Nothing left behind: every job, the killed instance's claimed ones included, ran to the end.
      await expect
        .poll(async () => (await db.selectFrom('outbox').select('id').where('status', '!=', 'done').execute()).length, {
          timeout: 20_000,
        })
        .toBe(0);
    } finally {
      await db.destroy();
    }
    expect(taken.length).toBeGreaterThanOrEqual(2);
    for (const email of taken) {
      await expect.poll(() => mailedLink(origin, email), { timeout: 10_000 }).toBeTruthy();
    }
    // nginx saw the instance go (refused, reset or cut off) and took it out of the rotation.
    const killedHost = new URL(second.server.url).host;
    const failed = proxy
      .errorLog()
      .split('\n')
      .filter((line) => line.includes(`upstream: "http://${killedHost}/`));
    expect(failed.some((line) => line.includes('upstream server temporarily disabled'))).toBe(true);
  });
});
