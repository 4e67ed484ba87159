import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { signIn } from '../../test/sign-in.js';
import { checkoutIdOf, choose, createPayment, optimisticStatus, orderOf, storePost } from '../../test/store.js';
import { OPEN_CHECKOUT_HOLD_MS } from './ownership-service.js';

// One-time products are sold once, and games collect what was bought
// with getPurchases / consumePurchase, exactly once (item 2). The demo catalog's games
// have no webhook here: their purchases complete at once and wait for the game.
describeEachEngine('purchase ownership', (engine) => {
  const testApp = useTestApp(engine);
  let players = 0;
  const newPlayer = () => signIn(testApp().app, testApp().database.handle.db, `owner${++players}@example.com`);
  const attempt = (app: FastifyInstance, token: string, sku: string, game = 'sky-runner') =>
    storePost(app, '/create_payment', { Game: game, Sku: sku, WebPublishingPlatform: 'FxId' }, token);

  /** Buys a product through the sandbox and lets the notification complete the order. */
  async function buy(token: string, sku: string, game = 'sky-runner'): Promise<string> {
    const { app } = testApp();
    const created = await createPayment(app, token, game, sku);
    expect((await choose(app, checkoutIdOf(created), 'Pay')).statusCode).toBe(200);
    await app.runOutbox();
    const order = await orderOf(testApp().database.handle.db, created.TransactionId);
    expect(order.status).toBe('Completed');
    return created.TransactionId;
  }

  const storeFront = async (token?: string) => {
    const response = await storePost(testApp().app, '/store_data', { Game: 'sky-runner' }, token);
    expect(response.statusCode).toBe(200);
    return Object.fromEntries(
      (response.json().Products as { Sku: string; Owned: boolean }[]).map((product) => [product.Sku, product.Owned]),
    );
  };
  const purchases = async (token: string, game = 'sky-runner') => {
    const response = await storePost(testApp().app, '/check-buy-products', { Game: game }, token);
    expect(response.statusCode).toBe(200);
    return response.json() as {
      Products: { Sku: string; Owned: boolean; Count: number }[];
      Purchases: { TransactionId: string; Sku: string; Products: { Sku: string; Quantity: number }[] }[];
    };
  };
  const consume = (token: string, id: string, game = 'sky-runner') =>
    storePost(testApp().app, '/consume-purchase', { Game: game, TransactionId: id }, token);

  it('sells No ads once: a second checkout is refused with product_already_owned and the store shows it owned', async () => {
    const { app } = testApp();
    const token = await newPlayer();
    expect(await storeFront(token)).toEqual({ stars_100: false, stars_550: false, no_ads: false });
    await buy(token, 'no_ads');

    const again = await attempt(app, token, 'no_ads');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      ErrorCode: 'product_already_owned',
      L10NKey: 'errors.product_already_owned',
      L10NParam: { Sku: 'no_ads' },
    });
    expect(await storeFront(token)).toEqual({ stars_100: false, stars_550: false, no_ads: true });
    // A guest (or a token that is no longer valid) sees nothing owned.
    expect(await storeFront()).toEqual({ stars_100: false, stars_550: false, no_ads: false });
    expect(await storeFront('x'.repeat(40))).toMatchObject({ no_ads: false });
    const bought = await purchases(token);
    expect(bought.Products.find((product) => product.Sku === 'no_ads')).toMatchObject({ Owned: true, Count: 1 });
    // Consumables stay on sale.
    expect((await attempt(app, token, 'stars_100')).statusCode).toBe(200);
    // Another player can still buy it.
    expect((await attempt(app, await newPlayer(), 'no_ads')).statusCode).toBe(200);
  });

  it('of concurrent checkouts of a one-time product exactly one is created; the others get purchase_in_progress', async () => {
    const { app } = testApp();
    const token = await newPlayer();
    const answers = await Promise.all(Array.from({ length: 6 }, () => attempt(app, token, 'no_ads')));
    const created = answers.filter((answer) => answer.statusCode === 200);
    expect(created).toHaveLength(1);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().ErrorCode).toBe('purchase_in_progress');
    }
    // Closing the checkout frees the product again.
    const id = created[0]?.json().TransactionId as string;
    expect((await optimisticStatus(app, id, 'Cancelled', token)).statusCode).toBe(200);
    expect((await attempt(app, token, 'no_ads')).statusCode).toBe(200);
  });

  it('a checkout left open (a closed tab) holds the product only for a while, then a new one replaces it', async () => {
    const { app, clock } = testApp();
    const token = await newPlayer();
    const first = await createPayment(app, token, 'sky-runner', 'no_ads');
    expect((await attempt(app, token, 'no_ads')).json().ErrorCode).toBe('purchase_in_progress');
    clock.now += OPEN_CHECKOUT_HOLD_MS + 1;
    try {
      const second = await attempt(app, token, 'no_ads');
      expect(second.statusCode).toBe(200);
      expect((await orderOf(testApp().database.handle.db, first.TransactionId)).status).toBe('Cancelled');
      // The replaced checkout can no longer be paid: the player pays once.
      expect((await choose(app, checkoutIdOf(first), 'Pay', first.TransactionId)).json()).not.toMatchObject({
        Data: { Success: true },
      });
    } finally {
      clock.now -= OPEN_CHECKOUT_HOLD_MS + 1;
    }
  });

  it('lists paid purchases until the game consumes them, exactly once, and never again after', async () => {
    const token = await newPlayer();
    const stars = await buy(token, 'stars_100');
    const noAds = await buy(token, 'no_ads');
    const listed = await purchases(token);
    expect(listed.Purchases).toEqual([
      expect.objectContaining({
        TransactionId: stars,
        Sku: 'stars_100',
        ProductType: 'Consumable',
        Products: [{ Sku: 'stars_100', Quantity: 1, Payload: null }],
        Stats: { currency: 'USD', currencyAmount: 0.99, usdAmount: 0.99 },
      }),
      expect.objectContaining({ TransactionId: noAds, Sku: 'no_ads', ProductType: 'NonConsumable' }),
    ]);

    // Concurrent consumes of one purchase: exactly one succeeds.
    const answers = await Promise.all(Array.from({ length: 5 }, () => consume(token, stars)));
    expect(answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json())).toEqual([
      { TransactionId: stars, Consumed: true },
    ]);
    for (const answer of answers.filter((each) => each.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().ErrorCode).toBe('purchase_already_consumed');
    }
    expect((await purchases(token)).Purchases.map((purchase) => purchase.TransactionId)).toEqual([noAds]);
    expect((await consume(token, stars)).json().ErrorCode).toBe('purchase_already_consumed');
    // Consuming a one-time product does not make it buyable again.
    expect((await consume(token, noAds)).statusCode).toBe(200);
    expect((await purchases(token)).Purchases).toEqual([]);
    expect((await attempt(testApp().app, token, 'no_ads')).json().ErrorCode).toBe('product_already_owned');
  });

  it('refuses to consume what is not a paid purchase of this player in this game', async () => {
    const { app } = testApp();
    const token = await newPlayer();
    const mine = await buy(token, 'stars_100');
    const other = await newPlayer();
    expect((await consume(other, mine)).json().ErrorCode).toBe('not_found');
    expect((await consume(token, mine, 'gem-garden')).json().ErrorCode).toBe('not_found');
    expect((await consume(token, 'ord_AAAAAAAAAAAAAAAAAAAAAA')).json().ErrorCode).toBe('not_found');
    const unpaid = await createPayment(app, token, 'sky-runner', 'stars_550');
    const refused = await consume(token, unpaid.TransactionId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().ErrorCode).toBe('conflict');
    expect((await consume(token, 'not-an-id')).json().ErrorCode).toBe('validation_failed');
    const guest = await storePost(app, '/consume-purchase', { Game: 'sky-runner', TransactionId: mine });
    expect(guest.json().ErrorCode).toBe('unauthorized');
    // Nothing was consumed by the refusals.
    expect((await purchases(token)).Purchases.map((purchase) => purchase.TransactionId)).toEqual([mine]);
  });
});
