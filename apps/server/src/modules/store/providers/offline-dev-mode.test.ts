import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, builtServer, freePort, requireBuiltServer } from '../../../test/built-server.js';
import { api, signIn, startGameServer } from '../../../test/built-store.js';

const SECRETS = {
  'sky-runner': 'xsolla-dev-game-secret-0123456789',
  'gem-garden': 'yookassa-dev-game-secret-012345678',
};

/**
 * The offline development mode of Xsolla and YooKassa, over real HTTP: the built server with
 * PAYMENT_PROVIDER=xsolla,yookassa and no keys takes its tokens and payments at the fakes it
 * serves itself (/dev/xsolla, /dev/yookassa), whose pages pay, decline or cancel and notify the
 * server as the providers do; each game receives its purchase once. Sky Runner enables Xsolla,
 * Gem Garden YooKassa (demo catalog).
 */
describe('Xsolla and YooKassa in development without keys (built server)', () => {
  let server: BuiltServer;
  let game: Awaited<ReturnType<typeof startGameServer>>;
  let other: Awaited<ReturnType<typeof startGameServer>>;
  let token = '';

  beforeAll(async () => {
    requireBuiltServer();
    game = await startGameServer(SECRETS['sky-runner']);
    other = await startGameServer(SECRETS['gem-garden']);
    server = builtServer(await freePort(), {
      DATABASE_URL: 'sqlite::memory:',
      PAYMENT_PROVIDER: 'xsolla,yookassa',
      GAME_WEBHOOKS: `sky-runner=${game.url},gem-garden=${other.url}`,
      GAME_SECRETS: Object.entries(SECRETS)
        .map(([name, secret]) => `${name}=${secret}`)
        .join(','),
      OUTBOX_INTERVAL_MS: '20',
      WEB_DIST_DIR: '/nonexistent',
      DEMO_GAME_DIR: '/nonexistent',
    });
    await server.start();
    token = await signIn(server, 'offline-dev@example.com');
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await game?.close();
    await other?.close();
  });

  const buy = <T>(Game: string, Sku: string, EmbeddingType: 'Embed' | 'Redirect' = 'Embed') =>
    api<T & { TransactionId: string; Merchant: string }>(
      server,
      'store/create_payment',
      { Game, Sku, WebPublishingPlatform: 'FxId', EmbeddingType },
      token,
    );
  const status = async (Game: string, TransactionId: string) =>
    api<{ Status: string; CancelReason?: string }>(server, 'store/get_payment_status', { Game, TransactionId }, token);
  const post = (url: string, body: object | string = '') =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    });

  it('pays in the fake Pay Station, after its user_validation, and the game receives the purchase once', {
    timeout: 60_000,
  }, async () => {
    const paid = await buy<{ Xsolla: { PaymentToken: string; ConfirmationUrl: string; Sandbox: boolean } }>(
      'sky-runner',
      'stars_100',
    );
    expect(paid.Merchant).toBe('xsolla');
    expect(paid.Xsolla.Sandbox).toBe(true);
    const payStation = `${server.url}dev/xsolla/paystation4/`;
    expect(paid.Xsolla.ConfirmationUrl).toBe(`${payStation}?token=${encodeURIComponent(paid.Xsolla.PaymentToken)}`);
    const page = await (await fetch(paid.Xsolla.ConfirmationUrl)).text();
    expect(page).toContain('$0.99');
    expect(page).toContain('paystation.js');
    expect((await fetch(`${payStation}paystation.js`)).headers.get('content-type')).toContain('javascript');
    const payUrl = `${payStation}pay?token=${encodeURIComponent(paid.Xsolla.PaymentToken)}`;
    const answer = await post(payUrl);
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(Number(await answer.text())).toBeGreaterThan(0);
    expect((await status('sky-runner', paid.TransactionId)).Status).toBe('Payed');
    // Paying the same token again is refused by the fake and changes nothing.
    expect((await post(payUrl)).status).toBe(409);
    await expect.poll(() => game.deliveries.length, { timeout: 10_000 }).toBe(1);
    expect(game.deliveries[0]).toMatchObject({ transactionId: paid.TransactionId, verified: true });

    // Closed unpaid: the portal's optimistic Cancelled ends the order; nothing is delivered.
    const closed = await buy<{ Xsolla: { PaymentToken: string } }>('sky-runner', 'stars_100');
    await api(
      server,
      'store/set-optimistic-order-status',
      { PublicOrderId: closed.TransactionId, Status: 'Cancelled' },
      token,
    );
    expect((await status('sky-runner', closed.TransactionId)).Status).toBe('Cancelled');
    // The fake's merchant API is the one the provider called, with the development account.
    const unknown = await post(`${payStation}pay?token=nope`);
    expect(unknown.status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(game.deliveries.map((delivery) => delivery.transactionId)).toEqual([paid.TransactionId]);
  });

  it('confirms, declines and cancels at the fake YooKassa (widget stand-in and payment page); the game receives one purchase', {
    timeout: 60_000,
  }, async () => {
    const widget = await fetch(`${server.url}dev/yookassa/checkout-widget.js`);
    expect(await widget.text()).toContain('YooMoneyCheckoutWidget');
    const confirm = (ConfirmationToken: string, outcome: string) =>
      post(`${server.url}dev/yookassa/confirm`, { token: ConfirmationToken, outcome });
    type Block = { Yookassa: { ConfirmationToken: string | null; ConfirmationUrl: string | null; Sandbox: boolean } };

    const paid = await buy<Block>('gem-garden', 'gems_50');
    expect(paid.Merchant).toBe('yookassa');
    expect(paid.Yookassa).toMatchObject({ ConfirmationToken: expect.stringMatching(/^ct-/), Sandbox: true });
    expect((await confirm(paid.Yookassa.ConfirmationToken ?? '', 'succeeded')).status).toBe(204);
    expect((await status('gem-garden', paid.TransactionId)).Status).toBe('Payed');
    expect((await confirm(paid.Yookassa.ConfirmationToken ?? '', 'succeeded')).status).toBe(409);
    await expect.poll(() => other.deliveries.length, { timeout: 10_000 }).toBe(1);
    expect(other.deliveries[0]).toMatchObject({ transactionId: paid.TransactionId, verified: true });

    const declined = await buy<Block>('gem-garden', 'gems_50');
    expect((await confirm(declined.Yookassa.ConfirmationToken ?? '', 'declined')).status).toBe(204);
    expect(await status('gem-garden', declined.TransactionId)).toMatchObject({
      Status: 'Cancelled',
      CancelReason: 'Declined',
    });

    const redirected = await buy<Block>('gem-garden', 'gems_50', 'Redirect');
    const pageUrl = redirected.Yookassa.ConfirmationUrl ?? '';
    expect(pageUrl.startsWith(`${server.url}dev/yookassa/checkout?orderId=`)).toBe(true);
    const page = await (await fetch(pageUrl)).text();
    expect(page).toContain('50 gems');
    expect(page).toContain('€1.49');
    const id = new URL(pageUrl).searchParams.get('orderId');
    const back = await post(`${server.url}dev/yookassa/checkout/${id}/cancel`);
    expect([back.status, back.headers.get('location')]).toEqual([
      303,
      `${server.url}Store/Return/${redirected.TransactionId}`,
    ]);
    expect(await status('gem-garden', redirected.TransactionId)).toMatchObject({
      Status: 'Cancelled',
      CancelReason: 'UserCancelled',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.deliveries.map((delivery) => delivery.transactionId)).toEqual([paid.TransactionId]);
  });
});
