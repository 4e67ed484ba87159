import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { signIn } from '../../../test/sign-in.js';
import {
  getVkPlayPayment,
  signInWithVkPlay,
  TEST_VKPLAY_APP,
  TEST_VKPLAY_CONFIG,
  TEST_VKPLAY_OTHER_APP,
  vkPlayLaunchQuery,
  vkPlaySigned,
} from './vkplay-test-support.js';

/** POST /platforms/payment for VK Play, then VK Play's signed payment notification pays that reference. */
describeEachEngine('VK Play payments', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, vkplay: TEST_VKPLAY_CONFIG } });
  let nextTransaction = 8_000_000;
  const player = async (uid: string) => (await signInWithVkPlay(testApp().app, vkPlayLaunchQuery(uid))).json().Token;
  const start = (token: string, Sku: string, extra: Record<string, unknown> = {}) =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/payment',
      headers: { authorization: `Bearer ${token}` },
      payload: { Game: 'sky-runner', Platform: 'VkontaktePlay', Sku, ...extra },
    });
  const purchaseOf = async (token: string, ref: string) =>
    (
      await testApp().app.inject({
        method: 'POST',
        url: '/api/v1/platforms/purchase',
        headers: { authorization: `Bearer ${token}` },
        payload: { Game: 'sky-runner', Platform: 'VkontaktePlay', OrderId: ref },
      })
    ).json().Purchase;
  /** VK Play's notification for what paymentFrame was given. */
  const notification = (uid: string, param: Record<string, unknown>, overrides: Record<string, string> = {}) => ({
    appid: TEST_VKPLAY_APP.appId,
    uid,
    transaction_id: String(nextTransaction++),
    item_id: String(param.item_id),
    amount: String(param.amount),
    currency: String(param.currency),
    order_id: String(param.order_id),
    ...overrides,
  });
  const send = async (query: string, game?: string) => {
    const response = await getVkPlayPayment(testApp().app, query, game);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const ordersOf = (ref: string) =>
    testApp()
      .database.handle.db.selectFrom('orders')
      .select(['status', 'provider', 'platform'])
      .where('provider_ref', '=', ref)
      .execute();

  it('answers paymentFrame arguments in RUB; the signed notification pays one order once, replays pay nothing more', async () => {
    const uid = '700000001';
    const token = await player(uid);
    const response = await start(token, 'stars_550');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.OrderId).toMatch(/^vkp_[\w-]{16}_[\w-]{22}$/);
    expect(body.Price).toEqual({ Amount: 399, Currency: 'RUB' });
    expect(body.VkontaktePlay.MerchantParam).toMatchObject({
      amount: 399,
      currency: 'RUB',
      item_id: 'stars_550',
      order_id: body.OrderId,
    });
    expect(await purchaseOf(token, body.OrderId)).toBeNull();
    const params = notification(uid, body.VkontaktePlay.MerchantParam);
    expect(await send(vkPlaySigned(params))).toEqual({ status: 'ok' });
    expect(await purchaseOf(token, body.OrderId)).toMatchObject({ Sku: 'stars_550' });
    // The same notification again, and two at once: the same answer, still one order.
    expect(await send(vkPlaySigned(params))).toEqual({ status: 'ok' });
    const parallel = await Promise.all([send(vkPlaySigned(params)), send(vkPlaySigned(params))]);
    expect(parallel).toEqual([{ status: 'ok' }, { status: 'ok' }]);
    expect(await ordersOf(body.OrderId)).toEqual([
      { status: 'Completed', provider: 'vkplay', platform: 'VkontaktePlay' },
    ]);
    // Another VK Play player cannot find it.
    expect(await purchaseOf(await player('700000002'), body.OrderId)).toBeNull();
  });

  it('refuses forged, tampered, cross-game and misdirected notifications and pays nothing', async () => {
    const uid = '700000010';
    const token = await player(uid);
    const param = (await start(token, 'stars_100')).json().VkontaktePlay.MerchantParam;
    const refuse = async (query: string, errcode: number, game?: string) => {
      expect(await send(query, game)).toMatchObject({ status: 'error', errcode });
    };
    const params = notification(uid, param);
    await refuse(vkPlaySigned(params, 'forged-secret'), 1);
    await refuse(vkPlaySigned(params).replace('amount=79', 'amount=1'), 1);
    await refuse(`${vkPlaySigned(params)}&amount=1`, 1);
    await refuse(new URLSearchParams(params).toString(), 1);
    // Cross-game: signed by gem-garden's app for gem-garden's route, or sent to gem-garden with sky-runner's sign.
    await refuse(
      vkPlaySigned({ ...params, appid: TEST_VKPLAY_OTHER_APP.appId }, TEST_VKPLAY_OTHER_APP.secret),
      2,
      'gem-garden',
    );
    await refuse(vkPlaySigned(params), 1, 'gem-garden');
    // Signed but wrong: the price, the product, the currency, the user, a reference never issued.
    await refuse(vkPlaySigned({ ...params, amount: '1' }), 2);
    await refuse(vkPlaySigned({ ...params, item_id: 'no_such_sku' }), 2);
    await refuse(vkPlaySigned({ ...params, currency: 'USD' }), 2);
    await refuse(vkPlaySigned({ ...params, uid: '700000099' }), 2);
    await refuse(vkPlaySigned({ ...params, order_id: 'vkp_AAAAAAAAAAAAAAAA_AAAAAAAAAAAAAAAAAAAAAA' }), 2);
    const otherPlayer = '700000011';
    await player(otherPlayer);
    await refuse(vkPlaySigned({ ...params, uid: otherPlayer }), 2);
    expect(await ordersOf(param.order_id)).toEqual([]);
    expect(await send(vkPlaySigned(params))).toEqual({ status: 'ok' });
  });

  it('refuses other currencies, products without a VK Play price, players without a VK Play identity', async () => {
    const { app, database } = testApp();
    const token = await player('700000020');
    const usd = await start(token, 'stars_100', { Currency: 'USD' });
    expect([usd.statusCode, usd.json().ErrorCode]).toEqual([404, 'not_found']);
    expect((await start(token, 'no_such_sku')).statusCode).toBe(404);
    const web = await signIn(app, database.handle.db, 'web-only-vkplay@example.com');
    expect((await start(web, 'stars_100')).statusCode).toBe(403);
  });

  it('sells a one-time product once: a second payment start is 409 product_already_owned', async () => {
    const uid = '700000030';
    const token = await player(uid);
    const param = (await start(token, 'no_ads')).json().VkontaktePlay.MerchantParam;
    expect(await send(vkPlaySigned(notification(uid, param)))).toEqual({ status: 'ok' });
    const again = await start(token, 'no_ads');
    expect([again.statusCode, again.json().ErrorCode]).toEqual([409, 'product_already_owned']);
  });
});
