import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { facebookSignedRequest } from '../facebook-signed-request.js';
import {
  OTHER_GAME_FB_INSTANT_SECRET,
  postFbInstantPurchase,
  signedPlayerInfo,
  signedPurchase,
  signInWithFbInstant,
  startFbInstantPayment,
  TEST_FB_INSTANT_CONFIG,
} from './fbinstant-test-support.js';

/** POST /platforms/payment and POST /fbinstant/purchase (spec store §3, §7; security.md §4b, §12 rows 12, 14, 26). */
describeEachEngine('Facebook Instant Games purchases checked on the server', (engine) => {
  const testApp = useTestApp(engine, {
    platforms: { ...testConfig().platforms, fbinstantgames: TEST_FB_INSTANT_CONFIG },
  });
  const players = new Map<string, string>();
  const player = async (id = '4200000000001') => {
    let token = players.get(id);
    if (!token) {
      const { app, clock } = testApp();
      token = (await signInWithFbInstant(app, signedPlayerInfo(id, clock.now))).json().Token as string;
      players.set(id, token);
    }
    return token;
  };
  /** purchaseAsync's arguments for this player, as our server gives them. */
  const start = async (sku: string, who?: string) => {
    const response = await startFbInstantPayment(testApp().app, await player(who), sku);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const ordersOf = (paymentId: string) =>
    testApp()
      .database.handle.db.selectFrom('orders')
      .select(['status', 'provider', 'platform', 'public_id'])
      .where('provider_ref', '=', paymentId)
      .execute();
  const orderCount = async () =>
    Number(
      (
        await testApp()
          .database.handle.db.selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('the payment start names the product and a reference; the signed purchase carrying it pays one order', async () => {
    const started = await start('stars_100');
    expect(started).toMatchObject({
      Price: { Amount: 99, Currency: 'USD' },
      FacebookInstantGames: { StoreSpecificOrderProductSku: 'stars_100', DeveloperPayload: started.OrderId },
    });
    expect(started.OrderId).toMatch(/^fbi_[\w-]{16}_[\w-]{22}$/);
    const purchase = signedPurchase({ sku: 'stars_100', developerPayload: started.OrderId }, testApp().clock.now);
    const response = await postFbInstantPurchase(testApp().app, await player(), purchase.signed);
    expect(response.statusCode).toBe(200);
    const [order, ...more] = await ordersOf(purchase.paymentId);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ provider: 'fbinstantgames', platform: 'FacebookInstantGames' });
    expect(response.json()).toEqual({
      Success: true,
      PurchaseToken: `token-${purchase.paymentId}`,
      PaymentId: purchase.paymentId,
      Sku: 'stars_100',
      TransactionId: order?.public_id,
      ErrorCode: null,
    });
    // The portal finds it by the payment id, as the game's purchase.
    const found = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/purchase',
      headers: { authorization: `Bearer ${await player()}` },
      payload: { Game: 'sky-runner', Platform: 'FacebookInstantGames', OrderId: purchase.paymentId },
    });
    expect(found.json().Purchase).toMatchObject({ Sku: 'stars_100', TransactionId: order?.public_id });
  });

  it('the same signed purchase sent again, in sequence and 10× at once, pays once (replay)', async () => {
    const started = await start('stars_550');
    const purchase = signedPurchase({ sku: 'stars_550', developerPayload: started.OrderId }, testApp().clock.now);
    const token = await player();
    const first = (await postFbInstantPurchase(testApp().app, token, purchase.signed)).json();
    const again = await Promise.all(
      Array.from({ length: 10 }, () => postFbInstantPurchase(testApp().app, token, purchase.signed)),
    );
    for (const response of again) expect(response.json()).toEqual(first);
    expect(await ordersOf(purchase.paymentId)).toHaveLength(1);
  });

  it("another player's purchase, or one with a reference of another game or none, pays nothing: platform_order_mismatch", async () => {
    const before = await orderCount();
    const theirs = await start('stars_100', '4200000000002');
    const stolen = signedPurchase({ sku: 'stars_100', developerPayload: theirs.OrderId }, testApp().clock.now);
    const response = await postFbInstantPurchase(testApp().app, await player(), stolen.signed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      Success: false,
      ErrorCode: 'platform_order_mismatch',
      TransactionId: null,
    });
    for (const developerPayload of ['', 'fbi_AAAAAAAAAAAAAAAA_AAAAAAAAAAAAAAAAAAAAAA', 'my-own-order']) {
      const forged = signedPurchase({ sku: 'stars_100', developerPayload }, testApp().clock.now);
      const answer = (await postFbInstantPurchase(testApp().app, await player(), forged.signed)).json();
      expect(answer.ErrorCode).toBe('platform_order_mismatch');
    }
    expect(await orderCount()).toBe(before);
  });

  it('forged, tampered, non-HMAC-SHA256 and cross-game signatures → 401 platform_sign_invalid, nothing paid', async () => {
    const before = await orderCount();
    const started = await start('stars_100');
    const now = testApp().clock.now;
    const good = signedPurchase({ sku: 'stars_100', developerPayload: started.OrderId }, now).signed;
    const [sig = '', payload = ''] = good.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...decoded, product_id: 'stars_550' })).toString('base64url');
    const otherGame = signedPurchase({ sku: 'stars_100', developerPayload: started.OrderId }, now, {
      secret: OTHER_GAME_FB_INSTANT_SECRET,
    }).signed;
    for (const signed of [
      `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}.${payload}`,
      `${sig}.${tampered}`,
      otherGame,
      facebookSignedRequest({ ...decoded, algorithm: 'HMAC-SHA1' }, 'test-fb-instant-secret-for-sky-runner'),
      `${good}.x`,
    ]) {
      const response = await postFbInstantPurchase(testApp().app, await player(), signed);
      expect(response.statusCode).toBe(401);
      expect(response.json().ErrorCode).toBe('platform_sign_invalid');
    }
    // A sky-runner purchase presented for gem-garden: gem-garden's secret does not verify it.
    const crossGame = await postFbInstantPurchase(testApp().app, await player(), good, 'gem-garden');
    expect(crossGame.json().ErrorCode).toBe('platform_sign_invalid');
    expect(await orderCount()).toBe(before);
  });

  it('a product not sold on Instant Games → platform_product_unknown; nobody signed in → 401; no Facebook identity → 403', async () => {
    const started = await start('stars_100');
    const unknown = signedPurchase({ sku: 'no_such', developerPayload: started.OrderId }, testApp().clock.now);
    const answer = (await postFbInstantPurchase(testApp().app, await player(), unknown.signed)).json();
    expect(answer).toMatchObject({ Success: false, ErrorCode: 'platform_product_unknown' });
    const anonymous = await postFbInstantPurchase(testApp().app, undefined, unknown.signed);
    expect(anonymous.statusCode).toBe(401);
    const notSold = await startFbInstantPayment(testApp().app, await player(), 'no_such');
    expect(notSold.statusCode).toBe(404);
  });
});
