import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { signIn } from '../../../test/sign-in.js';
import {
  getOkPayment,
  okLaunchQuery,
  okPaymentQuery,
  signInWithOk,
  TEST_OK_APP,
  TEST_OK_CONFIG,
} from './ok-test-support.js';

/** POST /platforms/payment for Odnoklassniki: showPayment's arguments, then OK's callback pays that reference. */
describeEachEngine('OK payment start', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, ok: TEST_OK_CONFIG } });
  let nextTransaction = 9_100_000;
  const start = (token: string, Sku: string, Game = 'sky-runner') =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/payment',
      headers: { authorization: `Bearer ${token}` },
      payload: { Game, Platform: 'Odnoklassniki', Sku },
    });
  const purchaseOf = async (token: string, ref: string) =>
    (
      await testApp().app.inject({
        method: 'POST',
        url: '/api/v1/platforms/purchase',
        headers: { authorization: `Bearer ${token}` },
        payload: { Game: 'sky-runner', Platform: 'Odnoklassniki', OrderId: ref },
      })
    ).json().Purchase;
  const pay = (uid: string, block: { Code: string; Price: number; ExtraAttributes: string }) =>
    getOkPayment(
      testApp().app,
      okPaymentQuery({
        application_key: TEST_OK_APP.publicKey,
        method: 'callbacks.payment',
        call_id: String(Date.now()),
        uid,
        transaction_id: String(nextTransaction++),
        transaction_time: '2026-01-01 12:00:00',
        product_code: block.Code,
        amount: String(block.Price),
        extra_attributes: block.ExtraAttributes,
      }),
    );

  it("answers showPayment's arguments from the catalog with a fresh reference that OK's callback pays", async () => {
    const uid = '576148735200';
    const token = (await signInWithOk(testApp().app, okLaunchQuery(uid))).json().Token;
    const response = await start(token, 'stars_550');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.OrderId).toMatch(/^okp_[\w-]{16}_[\w-]{22}$/);
    expect(body.Price).toEqual({ Amount: 50, Currency: 'OK' });
    expect(body.Odnoklassniki).toMatchObject({ Code: 'stars_550', Price: 50 });
    expect(body.Odnoklassniki.Name).toEqual(expect.any(String));
    expect(JSON.parse(body.Odnoklassniki.ExtraAttributes)).toEqual({ orderId: body.OrderId });
    const other = (await start(token, 'stars_550')).json();
    expect(other.OrderId).not.toBe(body.OrderId);

    expect(await purchaseOf(token, body.OrderId)).toBeNull();
    expect((await pay(uid, body.Odnoklassniki)).body).toContain('true</callbacks_payment_response>');
    expect(await purchaseOf(token, body.OrderId)).toMatchObject({ Sku: 'stars_550' });
    // Another OK player cannot find it.
    const stranger = (await signInWithOk(testApp().app, okLaunchQuery('576148735201'))).json().Token;
    expect(await purchaseOf(stranger, body.OrderId)).toBeNull();
  });

  it('refuses a one-time product already owned with 409 product_already_owned', async () => {
    const uid = '576148735300';
    const token = (await signInWithOk(testApp().app, okLaunchQuery(uid))).json().Token;
    const first = (await start(token, 'no_ads')).json();
    expect((await pay(uid, first.Odnoklassniki)).body).toContain('true</callbacks_payment_response>');
    const again = await start(token, 'no_ads');
    expect([again.statusCode, again.json().ErrorCode]).toEqual([409, 'product_already_owned']);
  });

  it('refuses products without an OK price, players without an OK identity, games without an OK app', async () => {
    const { app, database } = testApp();
    const token = (await signInWithOk(app, okLaunchQuery('576148735400'))).json().Token;
    const unknown = await start(token, 'no_such_sku');
    expect(unknown.statusCode).toBe(404);
    const web = await signIn(app, database.handle.db, 'web-only-ok@example.com');
    const forbidden = await start(web, 'stars_100');
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/v1/platforms/payment',
      payload: { Game: 'sky-runner', Platform: 'Odnoklassniki', Sku: 'stars_100' },
    });
    expect(anonymous.statusCode).toBe(401);
    const gemGarden = await start(token, 'stars_100', 'gem-garden');
    expect(gemGarden.statusCode).toBeGreaterThanOrEqual(400);
  });
});
