import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { signIn } from '../../../test/sign-in.js';
import { useGameServer } from '../../../test/store.js';
import {
  postKongregateItems,
  signInWithKongregate,
  TEST_KONGREGATE_API_KEY,
  useFakeKongregate,
} from './kg-test-support.js';

/** POST /kongregate/items/{Game}: items read from Kongregate, each paid once and used up there. */
describeEachEngine('Kongregate microtransaction items', (engine) => {
  const kongregate = useFakeKongregate();
  const game = useGameServer('gem-garden');
  const testApp = useTestApp(engine, {
    store: game.store,
    platforms: { ...testConfig().platforms, kg: kongregate.config },
  });
  const player = async (userId: string) => {
    const token = kongregate.fake.addUser(TEST_KONGREGATE_API_KEY, userId, `player${userId}`);
    const session = (await signInWithKongregate(testApp().app, { UserId: userId, GameAuthToken: token })).json()
      .Token as string;
    return { token, session };
  };
  const ordersOf = (itemId: string) =>
    testApp()
      .database.handle.db.selectFrom('orders')
      .select(['status', 'provider', 'platform', 'public_id'])
      .where('provider_ref', '=', itemId)
      .execute();

  it('a bought item pays one order, is used up on Kongregate, and the game gets it once', async () => {
    const { token, session } = await player('2001');
    const itemId = kongregate.fake.grantItem(TEST_KONGREGATE_API_KEY, '2001', 'gems_50');
    const response = await postKongregateItems(testApp().app, session, token);
    expect(response.statusCode).toBe(200);
    const [order] = await ordersOf(itemId);
    expect(response.json()).toEqual({
      Items: [{ ItemId: itemId, Success: true, Sku: 'gems_50', TransactionId: order?.public_id, ErrorCode: null }],
    });
    expect(order).toMatchObject({ status: 'PayedWaitingForSending', provider: 'kg', platform: 'Kongregate' });
    expect(kongregate.fake.items(TEST_KONGREGATE_API_KEY, '2001')).toEqual([
      { id: itemId, identifier: 'gems_50', remaining_uses: 0 },
    ]);
    // Asked again: nothing unused is left, and still one order.
    expect((await postKongregateItems(testApp().app, session, token)).json()).toEqual({ Items: [] });
    expect(await ordersOf(itemId)).toHaveLength(1);
    await testApp().app.runOutbox();
    expect(game.server().received.filter((delivery) => delivery.body.includes(order?.public_id ?? '-'))).toHaveLength(
      1,
    );
    const purchase = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/purchase',
      headers: { authorization: `Bearer ${session}` },
      payload: { Game: 'gem-garden', Platform: 'Kongregate', OrderId: itemId },
    });
    expect(purchase.json().Purchase).toMatchObject({ TransactionId: order?.public_id, Sku: 'gems_50' });
  });

  it('replayed while Kongregate would not use it up: the same order each time, and 10 at once make one', async () => {
    const { token, session } = await player('2002');
    const itemId = kongregate.fake.grantItem(TEST_KONGREGATE_API_KEY, '2002', 'gems_50');
    kongregate.fake.refuseUse(true);
    try {
      const first = (await postKongregateItems(testApp().app, session, token)).json();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => postKongregateItems(testApp().app, session, token)),
      );
      for (const answer of answers) expect(answer.json()).toEqual(first);
      expect(first.Items[0]).toMatchObject({ ItemId: itemId, Success: true });
      expect(await ordersOf(itemId)).toHaveLength(1);
    } finally {
      kongregate.fake.refuseUse(false);
    }
  });

  it('a forged token, or another player’s token, for the items → 401 platform_sign_invalid, no order', async () => {
    const { session } = await player('2003');
    const other = await player('2004');
    const itemId = kongregate.fake.grantItem(TEST_KONGREGATE_API_KEY, '2003', 'gems_50');
    for (const token of ['f'.repeat(48), other.token]) {
      const response = await postKongregateItems(testApp().app, session, token);
      expect(response.statusCode).toBe(401);
      expect(response.json().ErrorCode).toBe('platform_sign_invalid');
    }
    expect(await ordersOf(itemId)).toEqual([]);
    // The other player's own check reads only their own inventory.
    expect((await postKongregateItems(testApp().app, other.session, other.token)).json()).toEqual({ Items: [] });
    expect(await ordersOf(itemId)).toEqual([]);
  });

  it('an item that is no product sold on Kongregate is refused and left unused; no Kongregate identity → 403', async () => {
    const { token, session } = await player('2005');
    const itemId = kongregate.fake.grantItem(TEST_KONGREGATE_API_KEY, '2005', 'garden_pass');
    const response = await postKongregateItems(testApp().app, session, token);
    expect(response.json().Items).toEqual([
      {
        ItemId: itemId,
        Success: false,
        Sku: 'garden_pass',
        TransactionId: null,
        ErrorCode: 'platform_product_unknown',
      },
    ]);
    expect(kongregate.fake.items(TEST_KONGREGATE_API_KEY, '2005')[0]?.remaining_uses).toBe(1);
    expect(await ordersOf(itemId)).toEqual([]);
    const emailPlayer = await signIn(testApp().app, testApp().database.handle.db, 'web@example.com');
    const forbidden = await postKongregateItems(testApp().app, emailPlayer, token);
    expect(forbidden.json()).toMatchObject({ status: 403, ErrorCode: 'forbidden' });
  });
});
