import { afterAll, describe, expect, it } from 'vitest';
import { builtServer, freePort, requireBuiltServer } from '../../../../test/built-server.js';
import { api, signIn, startGameServer } from '../../../../test/built-store.js';

const GAME = 'gem-garden';
const GAME_SECRET = 'aghanim-dev-game-secret-0123456789';

/**
 * The offline development mode, over real HTTP: the built server with PAYMENT_PROVIDER=aghanim and
 * no Aghanim keys creates its orders at the fake Aghanim it serves itself (/dev/aghanim), whose
 * checkout page pays or cancels and posts signed webhooks back; the game receives the purchase once.
 */
describe('Aghanim in development without keys (built server)', () => {
  let cleanup: () => Promise<unknown> = async () => {};
  afterAll(() => cleanup());

  it('pays and cancels on the fake checkout page, and the game receives the purchase once', {
    timeout: 60_000,
  }, async () => {
    requireBuiltServer();
    const game = await startGameServer(GAME_SECRET);
    const server = builtServer(await freePort(), {
      DATABASE_URL: 'sqlite::memory:',
      PAYMENT_PROVIDER: 'aghanim',
      GAME_WEBHOOKS: `${GAME}=${game.url}`,
      GAME_SECRETS: `${GAME}=${GAME_SECRET}`,
      OUTBOX_INTERVAL_MS: '20',
      WEB_DIST_DIR: '/nonexistent',
      DEMO_GAME_DIR: '/nonexistent',
    });
    cleanup = async () => {
      await server.stop();
      await game.close();
    };
    await server.start();
    const token = await signIn(server, 'aghanim-dev@example.com');
    const buy = () =>
      api<{ TransactionId: string; Merchant: string; Aghanim: { CheckoutUrl: string } }>(
        server,
        'store/create_payment',
        { Game: GAME, Sku: 'gems_50', WebPublishingPlatform: 'FxId', EmbeddingType: 'Embed' },
        token,
      );
    const polled = async (id: string) =>
      (
        (await (await fetch(`${server.url}api/v1/store/aghanim/payment/status?PublicOrderId=${id}`)).json()) as {
          Status: string;
        }
      ).Status;
    const choose = (checkoutUrl: string, choice: 'pay' | 'cancel') =>
      fetch(`${checkoutUrl}/${choice}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      });

    const paid = await buy();
    expect(paid.Merchant).toBe('aghanim');
    expect(paid.Aghanim.CheckoutUrl.startsWith(`${server.url}dev/aghanim/order/ord_`)).toBe(true);
    const page = await (await fetch(paid.Aghanim.CheckoutUrl)).text();
    expect(page).toContain('50 gems');
    expect(page).toContain('€1.49');
    expect(await polled(paid.TransactionId)).toBe('Created');
    const answer = await choose(paid.Aghanim.CheckoutUrl, 'pay');
    // Back to the game, as redirect_settings "immediate" asks: the portal's return page of the order.
    expect([answer.status, answer.headers.get('location')]).toEqual([
      303,
      `${server.url}Store/Return/${paid.TransactionId}`,
    ]);
    expect(await polled(paid.TransactionId)).toBe('Payed');
    // Paying the same checkout again changes nothing.
    await choose(paid.Aghanim.CheckoutUrl, 'pay');
    await expect.poll(() => game.deliveries.length, { timeout: 10_000 }).toBe(1);
    expect(game.deliveries[0]).toMatchObject({ transactionId: paid.TransactionId, verified: true });

    const cancelled = await buy();
    await choose(cancelled.Aghanim.CheckoutUrl, 'cancel');
    expect(await polled(cancelled.TransactionId)).toBe('Cancelled');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(game.deliveries.map((delivery) => delivery.transactionId)).toEqual([paid.TransactionId]);
  });
});
