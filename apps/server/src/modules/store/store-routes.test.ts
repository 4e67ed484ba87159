import { expect, it } from 'vitest';
import { DEV_GAME_SECRET } from '../../config.js';
import { verifyWebhook } from '../../lib/webhook-signature.js';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { signIn } from '../../test/sign-in.js';
import {
  checkoutIdOf,
  choose,
  createPayment,
  optimisticStatus,
  orderOf,
  storePost,
  useGameServer,
} from '../../test/store.js';
import { listTransitions } from './orders-repository.js';

describeEachEngine('store', (engine) => {
  const game = useGameServer('sky-runner');
  const testApp = useTestApp(engine, { store: game.store });
  let token = '';
  const player = async () => {
    if (!token) token = await signIn(testApp().app, testApp().database.handle.db, 'buyer@example.com');
    return token;
  };
  const status = async (id: string, game = 'sky-runner') =>
    (await storePost(testApp().app, '/get_payment_status', { Game: game, TransactionId: id }, await player())).json();
  const history = async (publicId: string) => {
    const db = testApp().database.handle.db;
    const order = await orderOf(db, publicId);
    return (await listTransitions(db, order.id)).map((row) => `${row.from_status ?? '∅'}→${row.to_status}`);
  };

  it('lists the store front with localized prices and says the store is available', async () => {
    const { app } = testApp();
    const availability = await storePost(app, '/store_availability', { Game: 'gem-garden' });
    expect(availability.json()).toEqual({
      Available: true,
      Game: 'gem-garden',
      PaymentChannel: 'Web',
      PaymentProvider: 'sandbox',
      // The catalog enables YooKassa, Stripe and Aghanim, but only the sandbox is configured here: none is offered.
      Store: {
        XsollaEnabled: false,
        YookassaEnabled: false,
        StripeEnabled: false,
        AghanimEnabled: false,
        Bank131Enabled: false,
        MoneyMailRuEnabled: false,
      },
    });
    const data = await storePost(app, '/store_data', { Game: 'gem-garden', Locale: 'ru', WebPublishingPlatform: 0 });
    expect(data.statusCode).toBe(200);
    const [gems] = data.json().Products;
    expect(gems).toMatchObject({
      Sku: 'gems_50',
      ProductName: '50 самоцветов',
      Quantity: 1,
      Price: {
        LocalizedPrice: '1,49\u00a0€',
        Price: 149,
        PriceBeforeDiscount: null,
        Discount: 0,
        CurrencySymbol: '€',
        CurrencyIso4217: 'EUR',
      },
      DefaultCurrencyPrice: { Amount: 149, Currency: 'EUR' },
      UsdPrice: null,
    });
    const english = await storePost(app, '/store_data', { Game: 'sky-runner' });
    expect(english.json().Products.map((p: { Price: { LocalizedPrice: string } }) => p.Price.LocalizedPrice)).toEqual([
      '$0.99',
      '$4.99',
      '$2.99',
    ]);
    const elsewhere = await storePost(app, '/store_data', { Game: 'gem-garden', WebPublishingPlatform: 'CrazyGames' });
    expect(elsewhere.json().ErrorCode).toBe('game_not_on_platform');
  });

  it('creates an order from the catalog, takes the sandbox payment and delivers it to the game server', async () => {
    const { app, clock } = testApp();
    const created = await createPayment(app, await player(), 'sky-runner', 'stars_550');
    expect(created).toMatchObject({
      TransactionId: expect.stringMatching(/^ord_[\w-]{22}$/),
      OrderPrice: { Amount: 499, Currency: 'USD' },
      Merchant: 'sandbox',
      ConfirmationUrl: expect.stringMatching(/^http:\/\/localhost:8080\/sbx_[\w-]{32}$/),
      OrderProduct: { Sku: 'stars_550', Price: 499, Currency: 'USD', UsdPrice: 499, LocalizedProductName: '550 stars' },
      PriceData: { Price: 499, Currency: '$', CurrencyIso4217: 'USD', LocalizedPrice: '$4.99' },
      PersonalInfoRequirements: { Email: { Required: false, DefaultValue: 'buyer@example.com' } },
      Order: {
        Status: 'Created',
        DetailedStatus: 'WaitingForPayment',
        DetailedStatusCode: 1,
        CheckoutStatus: 'Created',
      },
    });
    const id = created.TransactionId;

    const paid = await choose(app, checkoutIdOf(created), 'Pay');
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ Success: true, Data: { Success: true } });
    // Nothing is paid until the provider's notification arrives.
    expect((await status(id)).Status).toBe('Created');

    expect(await app.runOutbox()).toMatchObject({ failed: 0 });
    expect(await status(id)).toMatchObject({
      Status: 'Payed',
      Order: { Status: 'Created', DetailedStatus: 'PayedWaitingForSending', DetailedStatusCode: 2 },
      Stats: { currency: 'USD', currencyAmount: 4.99, usdAmount: 4.99 },
    });

    await app.runOutbox();
    const delivery = game.server().received.at(-1);
    expect(delivery).toBeDefined();
    const body = JSON.parse(delivery?.body ?? '{}');
    expect(body).toMatchObject({
      Type: 'order.paid',
      EventId: `delivery_${id}`,
      TransactionId: id,
      Game: 'sky-runner',
      Products: [{ Sku: 'stars_550', Quantity: 1 }],
      TotalPrice: { Amount: 499, Currency: 'USD' },
    });
    const signature = delivery?.headers['x-fxid-signature'];
    expect(verifyWebhook(String(signature), Buffer.from(delivery?.body ?? ''), [DEV_GAME_SECRET], clock.now)).toEqual({
      ok: true,
    });
    expect(await status(id)).toMatchObject({
      Status: 'Payed',
      Order: { Status: 'Completed', DetailedStatus: 'Completed', DetailedStatusCode: 999 },
    });
    expect(await history(id)).toEqual([
      '∅→Created',
      'Created→WaitingForPayment',
      'WaitingForPayment→PayedWaitingForSending',
      'PayedWaitingForSending→Completed',
    ]);
    const bought = await storePost(
      app,
      '/check-buy-products',
      { Game: 'sky-runner', Skus: ['stars_550', 'no_ads'] },
      await player(),
    );
    expect(bought.json().Products).toEqual([
      { Sku: 'stars_550', Bought: true, Count: 1, Quantity: 1, Owned: false },
      { Sku: 'no_ads', Bought: false, Count: 0, Quantity: 0, Owned: false },
    ]);
  });

  it('completes at once for a game without a webhook', async () => {
    const { app } = testApp();
    const created = await createPayment(app, await player(), 'gem-garden', 'gems_50');
    await choose(app, checkoutIdOf(created), 'Pay');
    await app.runOutbox();
    expect((await status(created.TransactionId, 'gem-garden')).Order.DetailedStatus).toBe('Completed');
    expect(await history(created.TransactionId)).toEqual([
      '∅→Created',
      'Created→WaitingForPayment',
      'WaitingForPayment→PayedWaitingForSending',
      'PayedWaitingForSending→Completed',
    ]);
  });

  it.each(['Decline', 'Abandon'] as const)('cancels the order when the player chooses %s', async (choice) => {
    const { app } = testApp();
    const created = await createPayment(app, await player(), 'sky-runner', 'stars_100');
    await choose(app, checkoutIdOf(created), choice);
    await app.runOutbox();
    expect(await status(created.TransactionId)).toMatchObject({
      Status: 'Cancelled',
      Order: { Status: 'Cancelled', DetailedStatus: 'Cancelled', DetailedStatusCode: 899 },
    });
    const again = await choose(app, checkoutIdOf(created), 'Pay', created.TransactionId);
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorCode).toBe('conflict');
  });

  it('retries a failing game server with backoff and completes once it answers', async () => {
    const { app, clock } = testApp();
    const created = await createPayment(app, await player(), 'sky-runner', 'stars_100');
    await choose(app, checkoutIdOf(created), 'Pay');
    await app.runOutbox();
    game.server().status = 503;
    const before = game.server().received.length;
    expect(await app.runOutbox()).toMatchObject({ failed: 1 });
    expect(await app.runOutbox()).toMatchObject({ done: 0, failed: 0 });
    expect((await status(created.TransactionId)).Order.DetailedStatus).toBe('PayedWaitingForSending');
    game.server().status = 200;
    clock.now += 30_000;
    expect(await app.runOutbox()).toMatchObject({ done: 1, failed: 0 });
    expect(game.server().received.length).toBe(before + 2);
    expect((await status(created.TransactionId)).Order.DetailedStatus).toBe('Completed');
  });

  it('never lets the client mark an order paid, and lets it cancel an unpaid one (rows 25, 28)', async () => {
    const { app } = testApp();
    const created = await createPayment(app, await player(), 'sky-runner', 'no_ads');
    const claim = await optimisticStatus(app, created.TransactionId, 'Completed', await player());
    expect(claim.statusCode).toBe(409);
    expect(claim.json()).toMatchObject({
      ErrorCode: 'conflict',
      L10NParam: { From: 'WaitingForPayment', To: 'Completed' },
    });
    // The return page was reached, but no notification came: still unpaid.
    expect((await status(created.TransactionId)).Status).toBe('Created');

    const cancel = await optimisticStatus(app, created.TransactionId, 'Cancelled', await player());
    expect(cancel.json().Order).toMatchObject({ DetailedStatus: 'Cancelled' });
    expect((await choose(app, checkoutIdOf(created), 'Pay', created.TransactionId)).statusCode).toBe(409);
  });

  it('accepts the optimistic Completed of a paid order still on its way to the game', async () => {
    const { app } = testApp();
    game.server().status = 503;
    const created = await createPayment(app, await player(), 'sky-runner', 'stars_100');
    await choose(app, checkoutIdOf(created), 'Pay');
    await app.runOutbox();
    expect((await status(created.TransactionId)).Order.DetailedStatus).toBe('PayedWaitingForSending');
    const claim = await optimisticStatus(app, created.TransactionId, 'Completed', await player());
    expect(claim.statusCode).toBe(200);
    // Only the game's answer completes it.
    expect(claim.json().Order).toMatchObject({ DetailedStatus: 'PayedWaitingForSending' });
    game.server().status = 200;
  });

  it("hides other players' orders", async () => {
    const { app, database } = testApp();
    const created = await createPayment(app, await player(), 'sky-runner', 'stars_100');
    const other = await signIn(app, database.handle.db, 'other@example.com');
    const peek = await storePost(
      app,
      '/get_payment_status',
      { Game: 'sky-runner', TransactionId: created.TransactionId },
      other,
    );
    expect(peek.statusCode).toBe(404);
    expect(peek.json().ErrorCode).toBe('not_found');
    const wrongGame = await storePost(
      app,
      '/get_payment_status',
      { Game: 'gem-garden', TransactionId: created.TransactionId },
      await player(),
    );
    expect(wrongGame.statusCode).toBe(404);
  });

  it('takes price, currency and quantity from the catalog only (row 26)', async () => {
    const { app } = testApp();
    for (const extra of [
      { Price: 1 },
      { Amount: 1 },
      { Quantity: 1000 },
      { Quantity: -1 },
      { TotalPrice: { Amount: 1, Currency: 'USD' } },
    ]) {
      const response = await storePost(
        app,
        '/create_payment',
        { Game: 'sky-runner', Sku: 'stars_550', WebPublishingPlatform: 'FxId', ...extra },
        await player(),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().ErrorCode).toBe('validation_failed');
    }
    const foreign = await storePost(
      app,
      '/create_payment',
      { Game: 'sky-runner', Sku: 'gems_50', WebPublishingPlatform: 'FxId' },
      await player(),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ ErrorCode: 'not_found', L10NParam: { What: 'Product' } });
    const otherCurrency = await storePost(
      app,
      '/create_payment',
      { Game: 'sky-runner', Sku: 'stars_550', WebPublishingPlatform: 'FxId', Currency: 'JPY' },
      await player(),
    );
    expect(otherCurrency.json().OrderPrice).toEqual({ Amount: 499, Currency: 'USD' });
  });
});
