import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import {
  postVkNotification,
  signInWithVk,
  TEST_VK_APP,
  TEST_VK_CONFIG,
  vkLaunchQuery,
  vkNotification,
} from './vk-test-support.js';

/** VK payments callbacks (platform-protocols.md §1a) through the server; security.md §12 rows 14 and 19. */
describeEachEngine('VK payments notifications', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, vkcom: TEST_VK_CONFIG } });
  let accountId = '';
  let nextOrder = 900_000;
  const buyer = '200001';
  const player = async () => {
    if (!accountId) {
      const { app, clock } = testApp();
      accountId = (await signInWithVk(app, vkLaunchQuery(buyer, clock.now))).json().AccountId;
    }
    return accountId;
  };
  const common = (overrides: Record<string, string> = {}) => ({
    app_id: TEST_VK_APP.appId,
    user_id: buyer,
    receiver_id: buyer,
    order_id: String(nextOrder++),
    lang: 'ru_RU',
    version: '5.199',
    ...overrides,
  });
  const getItem = (overrides: Record<string, string> = {}) =>
    vkNotification(common({ notification_type: 'get_item', item: 'stars_100', ...overrides }));
  const chargeable = (overrides: Record<string, string> = {}) =>
    vkNotification(
      common({
        notification_type: 'order_status_change',
        status: 'chargeable',
        date: '1767225600',
        item: 'stars_550',
        item_id: 'stars_550',
        item_title: '550 звёзд',
        item_price: '5',
        ...overrides,
      }),
    );
  const post = async (body: string, game?: string) => {
    const response = await postVkNotification(testApp().app, body, game);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json();
  };
  const ordersOf = (vkOrderId: string) =>
    testApp()
      .database.handle.db.selectFrom('orders')
      .select(['account_id', 'status', 'provider', 'total_amount', 'currency', 'platform'])
      .where('provider_ref', '=', vkOrderId)
      .execute();

  it('get_item and get_item_test answer the catalog title and VK price in votes', async () => {
    await player();
    const expected = {
      response: {
        item_id: 'stars_100',
        title: '100 звёзд',
        photo_url: 'http://localhost:8080/catalog/sky-runner/stars.svg',
        price: 1,
      },
    };
    expect(await post(getItem())).toEqual(expected);
    expect(await post(getItem({ notification_type: 'get_item_test' }))).toEqual(expected);
    expect(await post(getItem({ lang: 'en_US', item: 'no_ads' }))).toMatchObject({
      response: { item_id: 'no_ads', title: 'No ads', price: 3 },
    });
  });

  it('forged, unsigned or repeated-key notifications get error 10 and change nothing', async () => {
    await player();
    const body = chargeable();
    const orderId = new URLSearchParams(body).get('order_id') ?? '';
    const forged = body.replace(/sig=(.)/, (_m, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    const otherSecret = vkNotification(Object.fromEntries(new URLSearchParams(body)), 'another-apps-secret-key');
    for (const bad of [forged, body.replace(/&sig=[^&]+/, ''), `${body}&item_price=1`, otherSecret]) {
      expect((await post(bad)).error).toMatchObject({ error_code: 10, critical: true });
    }
    expect(await ordersOf(orderId)).toEqual([]);
  });

  it('unknown item → 20, unknown user → 22, another app_id → 11, unsupported type → 11', async () => {
    await player();
    expect((await post(getItem({ item: 'no-such-sku' }))).error).toMatchObject({ error_code: 20, critical: true });
    expect((await post(chargeable({ item: 'no-such-sku' }))).error).toMatchObject({ error_code: 20 });
    expect((await post(getItem({ user_id: '999999', receiver_id: '999999' }))).error).toMatchObject({
      error_code: 22,
    });
    const stranger = chargeable({ user_id: '999999', receiver_id: '999999' });
    expect((await post(stranger)).error).toMatchObject({ error_code: 22 });
    expect(await ordersOf(new URLSearchParams(stranger).get('order_id') ?? '')).toEqual([]);
    expect((await post(getItem({ app_id: '7654321' }))).error).toMatchObject({ error_code: 11 });
    expect((await post(getItem({ notification_type: 'get_subscription' }))).error).toMatchObject({ error_code: 11 });
  });

  it('a game without a VK app gets error 1; a JSON body is refused with 415', async () => {
    expect((await post(getItem(), 'gem-garden')).error).toMatchObject({ error_code: 1 });
    expect((await post(getItem(), 'no-such-game')).error).toMatchObject({ error_code: 1 });
    const json = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/vkcom/payments/sky-runner',
      payload: { notification_type: 'get_item' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('chargeable creates the order, pays and completes it for the VK user at the catalog price', async () => {
    const account = await player();
    const body = chargeable();
    const orderId = new URLSearchParams(body).get('order_id') ?? '';
    const answer = await post(body);
    expect(answer.response.order_id).toBe(Number(orderId));
    expect(Number.isSafeInteger(answer.response.app_order_id)).toBe(true);
    expect(await ordersOf(orderId)).toEqual([
      {
        account_id: account,
        status: 'Completed',
        provider: 'vkcom',
        total_amount: 499,
        currency: 'USD',
        platform: 'VkontakteCom',
      },
    ]);
  });

  it('row 19: a replayed chargeable gets the identical answer and takes effect once, also 10 at once', async () => {
    await player();
    const body = chargeable();
    const orderId = new URLSearchParams(body).get('order_id') ?? '';
    const first = await post(body);
    expect(await post(body)).toEqual(first);
    expect(await ordersOf(orderId)).toHaveLength(1);

    const parallel = chargeable({ item: 'stars_100', item_id: 'stars_100', item_price: '1' });
    const parallelId = new URLSearchParams(parallel).get('order_id') ?? '';
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(parallel)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0].response.order_id).toBe(Number(parallelId));
    expect(await ordersOf(parallelId)).toHaveLength(1);
    const transitions = await testApp()
      .database.handle.db.selectFrom('order_transitions')
      .innerJoin('orders', 'orders.id', 'order_transitions.order_id')
      .select('order_transitions.to_status')
      .where('orders.provider_ref', '=', parallelId)
      .execute();
    expect(transitions.map((row) => row.to_status).sort()).toEqual(
      ['Completed', 'Created', 'PayedWaitingForSending', 'WaitingForPayment'].sort(),
    );
  });

  it('row 14 / §0.6: a price other than the catalog’s is refused with 11 and nothing is granted', async () => {
    await player();
    const body = chargeable({ item_price: '1' });
    expect((await post(body)).error).toMatchObject({ error_code: 11, critical: true });
    expect(await ordersOf(new URLSearchParams(body).get('order_id') ?? '')).toEqual([]);
    const refund = chargeable({ status: 'refunded' });
    expect((await post(refund)).error).toMatchObject({ error_code: 11 });
  });

  it('order_status_change_test makes a test order apart from the real order of the same VK id', async () => {
    await player();
    const orderId = String(nextOrder++);
    const real = await post(chargeable({ order_id: orderId }));
    const test = await post(chargeable({ order_id: orderId, notification_type: 'order_status_change_test' }));
    expect(test.response.order_id).toBe(Number(orderId));
    expect(test.response.app_order_id).not.toBe(real.response.app_order_id);
    expect((await ordersOf(orderId)).map((order) => order.provider).sort()).toEqual(['vkcom', 'vkcom-test']);
    expect(await post(chargeable({ order_id: orderId, notification_type: 'order_status_change_test' }))).toEqual(test);
  });
});
