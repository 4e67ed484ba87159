import { beforeAll, expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { useFakeBotApi, withTelegramGemGarden } from '../../../test/fake-telegram.js';
import {
  initData,
  signInWithTelegram,
  TEST_BOTS,
  TEST_WEBHOOK_SECRET,
  testTelegramConfig,
} from './telegram-test-support.js';

/**
 * Telegram Stars through the server and a fake Bot API on loopback (security.md §3c;
 * §12 rows 14, 19, 23, 24, 25): the invoice link, pre_checkout_query, successful_payment,
 * refunds, and every forged or mismatched update.
 */
describeEachEngine('Telegram Stars payments', (engine) => {
  const telegram = testTelegramConfig();
  const fake = useFakeBotApi(telegram, () => testApp().app);
  const testApp = useTestApp(engine, {
    platforms: {
      ...testConfig().platforms,
      vkcom: { apps: {}, devSecret: undefined, launchMaxAgeSeconds: 7200 },
      telegram,
    },
  });
  beforeAll(async () => {
    await withTelegramGemGarden(testApp().database.handle.db, testApp().clock.now);
  });

  let nextUser = 610_000;
  /** A new Telegram player of a game, signed in: their token and payer. */
  const player = async (game = 'sky-runner') => {
    const id = nextUser++;
    const token = TEST_BOTS[game as keyof typeof TEST_BOTS].token;
    const response = await signInWithTelegram(testApp().app, initData(id, testApp().clock.now, {}, token), game);
    expect(response.statusCode).toBe(200);
    return { token: response.json().Token as string, payer: { id, first_name: 'Ada' } };
  };
  const invoice = (token: string, sku: string, game = 'sky-runner') =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/payment',
      headers: { authorization: `Bearer ${token}` },
      payload: { Game: game, Platform: 'Telegram', Sku: sku, DeveloperPayload: 'level-3' },
    });
  const purchaseOf = async (token: string, orderId: string, game = 'sky-runner') =>
    (
      await testApp().app.inject({
        method: 'POST',
        url: '/api/v1/platforms/purchase',
        headers: { authorization: `Bearer ${token}` },
        payload: { Game: game, Platform: 'Telegram', OrderId: orderId },
      })
    ).json().Purchase;
  const ordersOf = (invoiceId: string) =>
    testApp()
      .database.handle.db.selectFrom('orders')
      .select(['status', 'provider', 'platform', 'developer_payload'])
      .where('provider_ref', '=', invoiceId)
      .execute();
  const outcomes = (paid: { deliveries: { update: string; body: unknown }[] }) =>
    paid.deliveries.map((delivery) => `${delivery.update}:${(delivery.body as { Outcome?: string }).Outcome}`);

  it('makes a Stars invoice link at the catalog price, bound to the player', async () => {
    const { token } = await player();
    const response = await invoice(token, 'stars_100');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ Price: { Amount: 50, Currency: 'XTR' } });
    expect(body.OrderId).toMatch(/^tgi_/);
    expect(body.Telegram.InvoiceUrl).toMatch(/^https:\/\/t\.me\/\$/);
    const call = fake.calls.findLast((entry) => entry.method === 'createInvoiceLink');
    expect(call?.params).toMatchObject({
      title: '100 звёзд',
      payload: body.OrderId,
      currency: 'XTR',
      prices: [{ label: '100 звёзд', amount: 50 }],
    });
    expect(call?.params).not.toHaveProperty('provider_token');
    // Not sold on Telegram (no PlatformPrices.telegram) and unknown products: 404.
    expect((await invoice(token, 'no_such_sku')).statusCode).toBe(404);
  });

  it('pays once: pre_checkout_query approved, successful_payment makes the order, repeats change nothing', async () => {
    const { token, payer } = await player();
    const { OrderId, Telegram } = (await invoice(token, 'stars_550')).json();
    expect(await purchaseOf(token, OrderId)).toBeNull();
    const paid = await fake.pay(Telegram.InvoiceUrl, payer);
    expect(paid.status).toBe('paid');
    expect(outcomes(paid)).toEqual(['pre_checkout_query:approved', 'successful_payment:paid']);
    const purchase = await purchaseOf(token, OrderId);
    expect(purchase).toMatchObject({ Sku: 'stars_550' });
    // Replayed once, then ten times at once: still one order (row 19).
    const chargeId = paid.chargeId ?? '';
    const again = await fake.deliverPayment(chargeId, payer, 'successful_payment');
    expect(again.body).toMatchObject({ Outcome: 'duplicate' });
    const burst = await Promise.all(
      Array.from({ length: 10 }, () => fake.deliverPayment(chargeId, payer, 'successful_payment')),
    );
    expect(burst.every((answer) => (answer.body as { Outcome: string }).Outcome === 'duplicate')).toBe(true);
    expect(await ordersOf(OrderId)).toEqual([
      expect.objectContaining({ provider: 'telegram', platform: 'Telegram', developer_payload: 'level-3' }),
    ]);
    // The same invoice link paid again: refused at pre-checkout.
    const second = await fake.pay(Telegram.InvoiceUrl, payer);
    expect(second).toMatchObject({ status: 'failed', errorMessage: 'This invoice is already paid.' });
    expect(outcomes(second)).toEqual(['pre_checkout_query:already_paid']);
  });

  it('refunds a second charge of an invoice already paid, and Telegram refunds end the order refunded', async () => {
    const { token, payer } = await player();
    const { OrderId, Telegram } = (await invoice(token, 'stars_100')).json();
    const paid = await fake.pay(Telegram.InvoiceUrl, payer);
    // A second charge for the same invoice (two checkouts approved before either was paid).
    const invoiceRecord = fake.invoiceOf(Telegram.InvoiceUrl);
    if (!invoiceRecord) throw new Error('no invoice');
    fake.charges.set('stxsecondcharge', {
      chargeId: 'stxsecondcharge',
      token: invoiceRecord.token,
      userId: payer.id,
      invoice: invoiceRecord,
      refunded: false,
    });
    const twice = await fake.deliverPayment('stxsecondcharge', payer, 'successful_payment');
    expect(twice.body).toMatchObject({ Outcome: 'already_paid' });
    expect(fake.charges.get('stxsecondcharge')?.refunded).toBe(true);
    expect(await ordersOf(OrderId)).toHaveLength(1);
    // Telegram gives the first charge back: the order ends refunded and is no longer handed to the game.
    const refunded = await fake.deliverPayment(paid.chargeId ?? '', payer, 'refunded_payment');
    expect(refunded.body).toMatchObject({ Outcome: 'refunded' });
    expect(await ordersOf(OrderId)).toEqual([expect.objectContaining({ status: 'CancelledPaid' })]);
    expect(await purchaseOf(token, OrderId)).toBeNull();
  });

  it('refuses a webhook call without the secret token, or with a wrong one (row 24), reading nothing', async () => {
    const { app } = testApp();
    const update = { update_id: 1, message: { from: { id: 1 }, successful_payment: {} } };
    for (const headers of [{}, { 'x-telegram-bot-api-secret-token': `${TEST_WEBHOOK_SECRET}x` }]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/platforms/telegram/webhook/sky-runner',
        headers,
        payload: update,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().ErrorCode).toBe('platform_webhook_unauthorized');
    }
  });

  it('refuses at pre-checkout a tampered payload, another game, another user and a changed amount (row 23)', async () => {
    const { token, payer } = await player();
    const { OrderId, Telegram } = (await invoice(token, 'stars_100')).json();
    const cases: [string, Parameters<typeof fake.pay>[1], Parameters<typeof fake.pay>[2], string][] = [
      ['tampered payload', payer, { payload: 'tgi_forged0000000000000000' }, 'unknown_invoice'],
      ['another user', { id: payer.id + 1, first_name: 'Eve' }, {}, 'other_user'],
      ['changed amount', payer, { amount: 1 }, 'amount_mismatch'],
      ['another currency', payer, { currency: 'USD' }, 'amount_mismatch'],
    ];
    for (const [what, who, override, outcome] of cases) {
      const paid = await fake.pay(Telegram.InvoiceUrl, who, override);
      expect(paid.status, what).toBe('failed');
      expect(outcomes(paid), what).toEqual([`pre_checkout_query:${outcome}`]);
    }
    // gem-garden's invoice sent to sky-runner's bot.
    const gem = await player('gem-garden');
    const gemInvoice = (await invoice(gem.token, 'garden_bundle', 'gem-garden')).json();
    expect(gemInvoice.Price).toEqual({ Amount: 60, Currency: 'XTR' });
    const crossed = await fake.pay(gemInvoice.Telegram.InvoiceUrl, gem.payer, { token: TEST_BOTS['sky-runner'].token });
    expect(outcomes(crossed)).toEqual(['pre_checkout_query:other_game']);
    expect(await ordersOf(OrderId)).toEqual([]);
    expect(await ordersOf(gemInvoice.OrderId)).toEqual([]);
  });

  it('credits nothing for a successful_payment that does not match its invoice, and refunds it', async () => {
    const { token, payer } = await player();
    const { OrderId, Telegram } = (await invoice(token, 'stars_100')).json();
    const invoiceRecord = fake.invoiceOf(Telegram.InvoiceUrl);
    if (!invoiceRecord) throw new Error('no invoice');
    fake.charges.set('stxcheapcharge', {
      chargeId: 'stxcheapcharge',
      token: invoiceRecord.token,
      userId: payer.id,
      invoice: { ...invoiceRecord, amount: 1 },
      refunded: false,
    });
    const cheap = await fake.deliverPayment('stxcheapcharge', payer, 'successful_payment');
    expect(cheap.body).toMatchObject({ Outcome: 'amount_mismatch' });
    expect(fake.charges.get('stxcheapcharge')?.refunded).toBe(true);
    expect(await ordersOf(OrderId)).toEqual([]);
    expect(await purchaseOf(token, OrderId)).toBeNull();
    // The client saying "paid" proves nothing (row 25): the purchase is found only after the webhook.
  });

  it('sells a one-time product once: no invoice when owned, and a second open invoice refused at pre-checkout', async () => {
    const { token, payer } = await player();
    const first = (await invoice(token, 'no_ads')).json();
    const second = (await invoice(token, 'no_ads')).json();
    expect((await fake.pay(first.Telegram.InvoiceUrl, payer)).status).toBe('paid');
    const refused = await fake.pay(second.Telegram.InvoiceUrl, payer);
    expect(refused).toMatchObject({ status: 'failed', errorMessage: 'You already own this item.' });
    expect(outcomes(refused)).toEqual(['pre_checkout_query:product_already_owned']);
    const third = await invoice(token, 'no_ads');
    expect(third.statusCode).toBe(409);
    expect(third.json().ErrorCode).toBe('product_already_owned');
  });

  it('asks a signed-in player, and refuses platforms whose payment the server does not open', async () => {
    const { app } = testApp();
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/platforms/payment',
      payload: { Game: 'sky-runner', Platform: 'Telegram', Sku: 'stars_100' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await player();
    const vk = await app.inject({
      method: 'POST',
      url: '/api/v1/platforms/payment',
      headers: { authorization: `Bearer ${token}` },
      payload: { Game: 'sky-runner', Platform: 'VkontakteCom', Sku: 'stars_100' },
    });
    expect(vk.statusCode).toBe(400);
    expect(vk.json().ErrorCode).toBe('platform_not_supported');
  });
});
