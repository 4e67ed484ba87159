import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { checkoutIdOf, choose, createPayment, storePost } from '../../../test/store.js';
import {
  postVkNotification,
  signInWithVk,
  TEST_VK_APP,
  TEST_VK_CONFIG,
  vkLaunchQuery,
  vkNotification,
} from './vk-test-support.js';

// What a VK purchase shares with web checkouts: refunds through the order state machine,
// the one-time product guard, and finding the exact order a VK order id made.
describeEachEngine('VK purchases: refunds, one-time products, exact orders', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, vkcom: TEST_VK_CONFIG } });
  let nextUser = 300_000;
  let nextOrder = 700_000;

  /** A new VK player signed in on our server: their VK id and bearer token. */
  const vkPlayer = async () => {
    const { app, clock } = testApp();
    const vkId = String(nextUser++);
    const signedIn = (await signInWithVk(app, vkLaunchQuery(vkId, clock.now))).json();
    return { vkId, token: signedIn.Token as string };
  };
  const fields = (vkId: string, orderId: string, overrides: Record<string, string>) => ({
    app_id: TEST_VK_APP.appId,
    user_id: vkId,
    receiver_id: vkId,
    order_id: orderId,
    version: '5.199',
    ...overrides,
  });
  const post = async (params: Record<string, string>) => {
    const response = await postVkNotification(testApp().app, vkNotification(params));
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const getItem = (vkId: string, item: string, lang = 'ru_RU') =>
    post(fields(vkId, String(nextOrder++), { notification_type: 'get_item', item, lang }));
  const PRICES: Record<string, string> = { stars_100: '1', stars_550: '5', no_ads: '3' };
  const statusChange = (vkId: string, orderId: string, item: string, status: string, test = false) =>
    post(
      fields(vkId, orderId, {
        notification_type: test ? 'order_status_change_test' : 'order_status_change',
        status,
        date: '1767225600',
        item,
        item_id: item,
        item_title: item,
        item_price: PRICES[item] ?? '1',
      }),
    );
  /** VK's whole payment: the order id and VK's answer to chargeable. */
  const pay = async (vkId: string, item: string) => {
    const orderId = String(nextOrder++);
    return { orderId, answer: await statusChange(vkId, orderId, item, 'chargeable') };
  };
  const statusOf = async (vkOrderId: string, provider = 'vkcom') => {
    const row = await testApp()
      .database.handle.db.selectFrom('orders')
      .select('status')
      .where('provider_ref', '=', vkOrderId)
      .where('provider', '=', provider)
      .executeTakeFirst();
    return row?.status;
  };
  const checkBuy = async (token: string) =>
    (await storePost(testApp().app, '/check-buy-products', { Game: 'sky-runner' }, token)).json() as {
      Products: { Sku: string; Owned: boolean; Count: number }[];
      Purchases: { TransactionId: string; Sku: string }[];
    };
  const owned = async (token: string, sku: string) =>
    (await checkBuy(token)).Products.find((product) => product.Sku === sku)?.Owned;
  const platformPurchase = (token: string, body: Record<string, unknown>) =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/purchase',
      headers: { authorization: `Bearer ${token}` },
      payload: { Game: 'sky-runner', Platform: 'VkontakteCom', ...body },
    });

  it('status refunded ends the paid order refunded once: a repeat gets the identical answer', async () => {
    const { vkId, token } = await vkPlayer();
    const { orderId, answer } = await pay(vkId, 'no_ads');
    expect(await statusOf(orderId)).toBe('Completed');
    expect(await owned(token, 'no_ads')).toBe(true);

    const refund = await statusChange(vkId, orderId, 'no_ads', 'refunded');
    expect(refund).toEqual({ response: { order_id: Number(orderId), app_order_id: answer.response.app_order_id } });
    expect(await statusOf(orderId)).toBe('CancelledPaid');
    expect(await statusChange(vkId, orderId, 'no_ads', 'refunded')).toEqual(refund);
    // A late repeat of the payment changes nothing either: VK gets its first answer.
    expect(await statusChange(vkId, orderId, 'no_ads', 'chargeable')).toEqual(answer);
    expect(await statusOf(orderId)).toBe('CancelledPaid');
    const transitions = await testApp()
      .database.handle.db.selectFrom('order_transitions')
      .innerJoin('orders', 'orders.id', 'order_transitions.order_id')
      .select(['order_transitions.to_status', 'order_transitions.cause'])
      .where('orders.provider_ref', '=', orderId)
      .where('order_transitions.to_status', '=', 'CancelledPaid')
      .execute();
    expect(transitions).toEqual([{ to_status: 'CancelledPaid', cause: `vkcom order ${orderId} refunded by VK` }]);
    // Refunded, it is no longer owned nor waiting for the game, and can be bought again.
    expect(await owned(token, 'no_ads')).toBe(false);
    expect((await checkBuy(token)).Purchases).toEqual([]);
    expect((await getItem(vkId, 'no_ads')).response).toMatchObject({ item_id: 'no_ads', price: 3 });
  });

  it('concurrent repeats of a refund take effect once', async () => {
    const { vkId } = await vkPlayer();
    const { orderId } = await pay(vkId, 'stars_100');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => statusChange(vkId, orderId, 'stars_100', 'refunded')),
    );
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0].response.order_id).toBe(Number(orderId));
    const refunds = await testApp()
      .database.handle.db.selectFrom('order_transitions')
      .innerJoin('orders', 'orders.id', 'order_transitions.order_id')
      .select('order_transitions.id')
      .where('orders.provider_ref', '=', orderId)
      .where('order_transitions.to_status', '=', 'CancelledPaid')
      .execute();
    expect(refunds).toHaveLength(1);
  });

  it('a refund of an order never paid here, for another item, or forged is refused and changes nothing', async () => {
    const { vkId } = await vkPlayer();
    expect((await statusChange(vkId, String(nextOrder++), 'stars_100', 'refunded')).error).toMatchObject({
      error_code: 11,
      critical: true,
    });
    const { orderId } = await pay(vkId, 'stars_550');
    expect((await statusChange(vkId, orderId, 'stars_100', 'refunded')).error).toMatchObject({ error_code: 11 });
    // The test twin of the same VK order id is a different order.
    expect((await statusChange(vkId, orderId, 'stars_550', 'refunded', true)).error).toMatchObject({
      error_code: 11,
    });
    const body = vkNotification(
      fields(vkId, orderId, { notification_type: 'order_status_change', status: 'refunded', item: 'stars_550' }),
      'not-the-apps-secret',
    );
    expect((await postVkNotification(testApp().app, body)).json().error).toMatchObject({ error_code: 10 });
    expect(await statusOf(orderId)).toBe('Completed');
  });

  it('order_status_change_test refunds the test order only', async () => {
    const { vkId } = await vkPlayer();
    const orderId = String(nextOrder++);
    await statusChange(vkId, orderId, 'stars_100', 'chargeable');
    const test = await statusChange(vkId, orderId, 'stars_100', 'chargeable', true);
    expect(await statusChange(vkId, orderId, 'stars_100', 'refunded', true)).toEqual(test);
    expect(await statusOf(orderId, 'vkcom-test')).toBe('CancelledPaid');
    expect(await statusOf(orderId, 'vkcom')).toBe('Completed');
  });

  it('a one-time product bought on VK is refused at get_item and chargeable with 100, and by web checkouts', async () => {
    const { vkId, token } = await vkPlayer();
    expect((await pay(vkId, 'no_ads')).answer.response).toBeDefined();
    expect(await getItem(vkId, 'no_ads')).toEqual({
      error: { error_code: 100, error_msg: 'Этот товар у вас уже есть', critical: true },
    });
    expect((await getItem(vkId, 'no_ads', 'en_US')).error).toMatchObject({
      error_code: 100,
      error_msg: 'You already own this item',
    });
    const second = await pay(vkId, 'no_ads');
    expect(second.answer.error).toMatchObject({ error_code: 100, critical: true });
    expect(await statusOf(second.orderId)).toBeUndefined();
    // Consumables stay on sale.
    expect((await getItem(vkId, 'stars_100')).response).toBeDefined();
    const web = await createPaymentRaw(token, 'no_ads');
    expect(web.statusCode).toBe(409);
    expect(web.json()).toMatchObject({ ErrorCode: 'product_already_owned' });
  });

  it('a one-time product bought on the web is refused on VK; an open web checkout of it is 101', async () => {
    const { vkId, token } = await vkPlayer();
    const { app } = testApp();
    const created = await createPayment(app, token, 'sky-runner', 'no_ads');
    // Open: VK is told it is being bought elsewhere.
    expect((await getItem(vkId, 'no_ads')).error).toMatchObject({ error_code: 101, critical: true });
    expect((await pay(vkId, 'no_ads')).answer.error).toMatchObject({ error_code: 101 });
    expect((await choose(app, checkoutIdOf(created), 'Pay')).statusCode).toBe(200);
    await app.runOutbox();
    expect((await getItem(vkId, 'no_ads')).error).toMatchObject({ error_code: 100 });
    const refused = await pay(vkId, 'no_ads');
    expect(refused.answer.error).toMatchObject({ error_code: 100 });
    expect(await statusOf(refused.orderId)).toBeUndefined();
  });

  it('of concurrent VK orders of one one-time product exactly one is paid', async () => {
    const { vkId, token } = await vkPlayer();
    const paid = await Promise.all(Array.from({ length: 4 }, () => pay(vkId, 'no_ads')));
    const taken = paid.filter((each) => each.answer.response);
    expect(taken).toHaveLength(1);
    for (const each of paid.filter((one) => one.answer.error)) {
      expect([100, 101]).toContain(each.answer.error.error_code);
    }
    expect((await checkBuy(token)).Products.find((product) => product.Sku === 'no_ads')).toMatchObject({
      Owned: true,
      Count: 1,
    });
  });

  it('POST /platforms/purchase finds the exact purchase of a VK order id, for its buyer only', async () => {
    const { vkId, token } = await vkPlayer();
    // Two quick purchases of one sku: each order id finds its own order.
    const first = await pay(vkId, 'stars_100');
    const second = await pay(vkId, 'stars_100');
    const find = async (orderId: string, as = token) => {
      const response = await platformPurchase(as, { OrderId: orderId });
      expect(response.statusCode).toBe(200);
      return response.json().Purchase;
    };
    const [one, two] = [await find(first.orderId), await find(second.orderId)];
    expect(one).toMatchObject({ Sku: 'stars_100' });
    expect(two).toMatchObject({ Sku: 'stars_100' });
    expect(one.TransactionId).not.toBe(two.TransactionId);
    const waiting = (await checkBuy(token)).Purchases.map((purchase) => purchase.TransactionId);
    expect(waiting).toEqual([one.TransactionId, two.TransactionId]);

    // Not yet called back, another player's, consumed, refunded: null.
    expect(await find(String(nextOrder++))).toBeNull();
    expect(await find(first.orderId, (await vkPlayer()).token)).toBeNull();
    await storePost(
      testApp().app,
      '/consume-purchase',
      { Game: 'sky-runner', TransactionId: one.TransactionId },
      token,
    );
    expect(await find(first.orderId)).toBeNull();
    await statusChange(vkId, second.orderId, 'stars_100', 'refunded');
    expect(await find(second.orderId)).toBeNull();

    // Stable codes for bad requests.
    const noPlatform = await platformPurchase(token, { Platform: 'FxId', OrderId: '1' }); // the own site has no platform orders
    expect(noPlatform.statusCode).toBe(400);
    expect(noPlatform.json().ErrorCode).toBe('platform_not_supported');
    const noGame = await platformPurchase(token, { Game: 'no-such-game', OrderId: '1' });
    expect(noGame.json().ErrorCode).toBe('game_not_found');
    expect((await platformPurchase(token, { OrderId: 'a b' })).json().ErrorCode).toBe('validation_failed');
    expect((await platformPurchase('x'.repeat(40), { OrderId: '1' })).statusCode).toBe(401);
  });

  const createPaymentRaw = (token: string, sku: string) =>
    storePost(testApp().app, '/create_payment', { Game: 'sky-runner', Sku: sku, WebPublishingPlatform: 'FxId' }, token);
});
