import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import {
  getOkPayment,
  okLaunchQuery,
  okPaymentQuery,
  signInWithOk,
  TEST_OK_APP,
  TEST_OK_CONFIG,
} from './ok-test-support.js';

const SUCCESS =
  '<?xml version="1.0" encoding="UTF-8"?>\n<callbacks_payment_response xmlns="http://api.forticom.com/1.0/">true</callbacks_payment_response>';

/** OK callbacks.payment (platform-protocols.md §2) through the server; security.md §12 rows 6, 14, 19, 26. */
describeEachEngine('OK payment callbacks', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, ok: TEST_OK_CONFIG } });
  const buyer = '576148735134';
  let token = '';
  let nextTransaction = 7_000_000;
  const player = async () => {
    if (!token) token = (await signInWithOk(testApp().app, okLaunchQuery(buyer))).json().Token;
    return token;
  };
  /** A reference our server issued to the buyer (POST /platforms/payment), as the portal gets it. */
  const issuedRef = async () =>
    (
      await testApp().app.inject({
        method: 'POST',
        url: '/api/v1/platforms/payment',
        headers: { authorization: `Bearer ${await player()}` },
        payload: { Game: 'sky-runner', Platform: 'Odnoklassniki', Sku: 'stars_100' },
      })
    ).json().OrderId as string;
  const payment = async (overrides: Record<string, string> = {}) => ({
    application_key: TEST_OK_APP.publicKey,
    method: 'callbacks.payment',
    call_id: String(Date.now()),
    uid: buyer,
    transaction_id: String(nextTransaction++),
    transaction_time: '2026-01-01 12:00:00',
    product_code: 'stars_100',
    amount: '10',
    extra_attributes: JSON.stringify({ orderId: await issuedRef() }),
    ...overrides,
  });
  const send = async (query: string, game?: string) => {
    const response = await getOkPayment(testApp().app, query, game);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    return response;
  };
  const expectError = async (query: string, code: number, game?: string) => {
    const response = await send(query, game);
    expect(response.headers['invocation-error']).toBe(String(code));
    expect(response.body).toContain(`<error_code>${code}</error_code>`);
    return response.body;
  };
  const ordersOf = (ref: string) =>
    testApp()
      .database.handle.db.selectFrom('orders')
      .select(['account_id', 'status', 'provider', 'platform'])
      .where('provider_ref', '=', ref)
      .execute();
  const purchaseOf = async (ref: string) =>
    (
      await testApp().app.inject({
        method: 'POST',
        url: '/api/v1/platforms/purchase',
        headers: { authorization: `Bearer ${await player()}` },
        payload: { Game: 'sky-runner', Platform: 'Odnoklassniki', OrderId: ref },
      })
    ).json().Purchase;

  it('a signed payment pays one order; replays (sequential and parallel) answer true and pay nothing more', async () => {
    await player();
    const params = await payment({ product_code: 'stars_550', amount: '50' });
    const ref = JSON.parse(params.extra_attributes).orderId;
    const query = okPaymentQuery(params);
    expect((await send(query)).body).toBe(SUCCESS);
    const replies = await Promise.all(Array.from({ length: 5 }, () => send(query)));
    for (const reply of replies) expect(reply.body).toBe(SUCCESS);
    const orders = await ordersOf(ref);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ provider: 'ok', platform: 'Odnoklassniki' });
    expect(await purchaseOf(ref)).toMatchObject({ Sku: 'stars_550' });
  });

  it('parallel first deliveries of one transaction make one order', async () => {
    await player();
    const params = await payment();
    const query = okPaymentQuery(params);
    const replies = await Promise.all(Array.from({ length: 6 }, () => send(query)));
    for (const reply of replies) expect(reply.body).toBe(SUCCESS);
    expect(await ordersOf(JSON.parse(params.extra_attributes).orderId)).toHaveLength(1);
  });

  it('a forged or tampered sig answers 104 and pays nothing', async () => {
    await player();
    const params = await payment();
    const ref = JSON.parse(params.extra_attributes).orderId;
    expect(await expectError(okPaymentQuery(params, 'not-the-secret-key-of-sky-runner'), 104)).toContain(
      'PARAM_SIGNATURE',
    );
    expect(await expectError(okPaymentQuery(params).replace('amount=10', 'amount=1'), 104)).toContain(
      'PARAM_SIGNATURE',
    );
    expect(await expectError(`${okPaymentQuery(params)}&amount=10`, 104)).toContain('duplicate_key');
    expect(await ordersOf(ref)).toHaveLength(0);
  });

  it.each([
    ['another application', { application_key: 'CBAOTHERAPP' }],
    ['an unknown product', { product_code: 'no_such_product' }],
    ['a product not sold on OK', { product_code: 'stars_100', amount: '10', currency: 'RUB' }],
    ['a price mismatch', { amount: '1' }],
    ['an unknown user', { uid: '999999999' }],
    ['no purchase reference', { extra_attributes: '{}' }],
  ])('%s answers 1001 CALLBACK_INVALID_PAYMENT and pays nothing', async (_name, overrides) => {
    await player();
    const params = await payment(overrides);
    expect(await expectError(okPaymentQuery(params), 1001)).toContain('CALLBACK_INVALID_PAYMENT');
    const ref = (() => {
      try {
        return JSON.parse(params.extra_attributes).orderId ?? 'none';
      } catch {
        return 'none';
      }
    })();
    expect(await ordersOf(ref)).toHaveLength(0);
  });

  it('a game without an OK application here answers 1001', async () => {
    expect(await expectError(okPaymentQuery(await payment()), 1001, 'gem-garden')).toContain(
      'does not take OK payments',
    );
  });

  it('a reference not issued to the paying user answers 1001 and pays nothing', async () => {
    const made = await payment({ extra_attributes: JSON.stringify({ orderId: 'ref-made-up-abcdefgh' }) });
    expect(await expectError(okPaymentQuery(made), 1001)).toContain('not issued to this user');
    expect(await ordersOf('ref-made-up-abcdefgh')).toHaveLength(0);
    // Another OK player's reference, paid by the buyer.
    const other = (await signInWithOk(testApp().app, okLaunchQuery('576148735999'))).json().Token;
    const theirs = (
      await testApp().app.inject({
        method: 'POST',
        url: '/api/v1/platforms/payment',
        headers: { authorization: `Bearer ${other}` },
        payload: { Game: 'sky-runner', Platform: 'Odnoklassniki', Sku: 'stars_100' },
      })
    ).json().OrderId;
    const stolen = await payment({ extra_attributes: JSON.stringify({ orderId: theirs }) });
    expect(await expectError(okPaymentQuery(stolen), 1001)).toContain('not issued to this user');
    expect(await ordersOf(theirs)).toHaveLength(0);
  });

  it('one purchase reference is paid by one transaction only', async () => {
    await player();
    const first = await payment();
    expect((await send(okPaymentQuery(first))).body).toBe(SUCCESS);
    const second = await payment({ extra_attributes: first.extra_attributes });
    expect(await expectError(okPaymentQuery(second), 1001)).toContain('another transaction');
    expect(await ordersOf(JSON.parse(first.extra_attributes).orderId)).toHaveLength(1);
  });

  it('a one-time product already owned is refused with 1001; its own replay still answers true', async () => {
    await player();
    const first = await payment({ product_code: 'no_ads', amount: '30' });
    expect((await send(okPaymentQuery(first))).body).toBe(SUCCESS);
    expect((await send(okPaymentQuery(first))).body).toBe(SUCCESS);
    const again = await payment({ product_code: 'no_ads', amount: '30' });
    expect(await expectError(okPaymentQuery(again), 1001)).toContain('already owns');
    expect(await ordersOf(JSON.parse(again.extra_attributes).orderId)).toHaveLength(0);
  });
});
