import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { signIn } from '../../../test/sign-in.js';
import {
  newSteamId,
  settleSteam,
  signInWithSteam,
  startSteamPayment,
  TEST_STEAM_APP_ID,
  ticketOf,
  useFakeSteam,
} from './steam-test-support.js';

/** POST /platforms/payment (InitTxn), the overlay's answer, POST /platforms/steam/settle (QueryTxn, FinalizeTxn). */
describeEachEngine('Steam microtransactions', (engine) => {
  const steam = useFakeSteam();
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, steam: steam.config } });
  const player = async () => {
    const steamId = newSteamId();
    const session = (await signInWithSteam(testApp().app, ticketOf(steam.fake, steamId))).json().Token as string;
    return { steamId, session };
  };
  const paidOrders = (orderId: string) =>
    testApp()
      .database.handle.db.selectFrom('platform_purchases')
      .select(['order_id'])
      .where('platform', '=', 'steam')
      .where('external_order_id', '=', orderId)
      .execute();
  const purchaseOf = async (session: string, orderId: string) =>
    (
      await testApp().app.inject({
        method: 'POST',
        url: '/api/v1/platforms/purchase',
        headers: { authorization: `Bearer ${session}` },
        payload: { Game: 'sky-runner', Platform: 'Steam', OrderId: orderId },
      })
    ).json().Purchase;

  it('InitTxn at the catalog price, approved in the overlay, finalized once and delivered once however often it is settled', async () => {
    const { steamId, session } = await player();
    const started = await startSteamPayment(testApp().app, session, 'stars_100');
    expect(started.statusCode).toBe(200);
    const { OrderId, Price, Steam } = started.json();
    expect(Price).toEqual({ Amount: 99, Currency: 'USD' });
    expect(Steam.OrderId).toBe(OrderId);
    expect(steam.fake.txn(TEST_STEAM_APP_ID, OrderId)).toMatchObject({
      steamid: steamId,
      status: 'Init',
      usersession: 'client',
      currency: 'USD',
      items: [{ itemid: 'stars_100', qty: 1, amount: 99 }],
    });
    // Before the overlay answered: waiting, nothing charged or delivered.
    expect((await settleSteam(testApp().app, session, OrderId)).json().Items).toEqual([
      { OrderId, Status: 'Waiting', Sku: 'stars_100', TransactionId: null, ErrorCode: null },
    ]);
    expect(await purchaseOf(session, OrderId)).toBeNull();

    steam.fake.authorize(TEST_STEAM_APP_ID, OrderId, true);
    const settles = await Promise.all(Array.from({ length: 5 }, () => settleSteam(testApp().app, session, OrderId)));
    const items = settles.map((settle) => settle.json().Items[0]);
    expect(items.map((item) => item.Status)).toEqual(['Delivered', 'Delivered', 'Delivered', 'Delivered', 'Delivered']);
    expect(new Set(items.map((item) => item.TransactionId)).size).toBe(1);
    expect(steam.fake.txn(TEST_STEAM_APP_ID, OrderId)?.status).toBe('Succeeded');
    expect(await paidOrders(OrderId)).toHaveLength(1);
    expect(await purchaseOf(session, OrderId)).toMatchObject({
      Sku: 'stars_100',
      TransactionId: items[0].TransactionId,
    });
  });

  it('denied in the overlay: Failed, never finalized, nothing delivered', async () => {
    const { session } = await player();
    const { OrderId } = (await startSteamPayment(testApp().app, session, 'stars_550')).json();
    steam.fake.authorize(TEST_STEAM_APP_ID, OrderId, false);
    expect((await settleSteam(testApp().app, session, OrderId)).json().Items[0]).toMatchObject({
      Status: 'Failed',
      ErrorCode: null,
    });
    expect(steam.fake.txn(TEST_STEAM_APP_ID, OrderId)?.status).toBe('Failed');
    expect(await paidOrders(OrderId)).toEqual([]);
  });

  it('a charge Steam fails at FinalizeTxn: Failed, nothing delivered', async () => {
    const { session } = await player();
    const { OrderId } = (await startSteamPayment(testApp().app, session, 'stars_100')).json();
    steam.fake.authorize(TEST_STEAM_APP_ID, OrderId, true);
    steam.fake.failFinalize(true);
    try {
      expect((await settleSteam(testApp().app, session, OrderId)).json().Items[0].Status).toBe('Failed');
    } finally {
      steam.fake.failFinalize(false);
    }
    expect(await paidOrders(OrderId)).toEqual([]);
  });

  it('recovery: approved while the page was closed, or finalized without our hearing, is delivered by the next settle', async () => {
    const { session } = await player();
    const approved = (await startSteamPayment(testApp().app, session, 'stars_100')).json().OrderId;
    const waiting = (await startSteamPayment(testApp().app, session, 'stars_550')).json().OrderId;
    steam.fake.authorize(TEST_STEAM_APP_ID, approved, true);
    const recovered = (await settleSteam(testApp().app, session)).json().Items;
    expect(recovered.map((item: { OrderId: string; Status: string }) => [item.OrderId, item.Status])).toEqual([
      [approved, 'Delivered'],
      [waiting, 'Waiting'],
    ]);
    // Only the waiting one is still open.
    expect(
      (await settleSteam(testApp().app, session)).json().Items.map((item: { OrderId: string }) => item.OrderId),
    ).toEqual([waiting]);
    expect(await paidOrders(approved)).toHaveLength(1);
  });

  it('another player’s orderid is not found; a one-time product already owned is never charged', async () => {
    const buyer = await player();
    const other = await player();
    const { OrderId } = (await startSteamPayment(testApp().app, buyer.session, 'stars_100')).json();
    const foreign = await settleSteam(testApp().app, other.session, OrderId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().ErrorCode).toBe('not_found');

    // Two overlays for the one-time no_ads: the first is delivered, the second is refused before FinalizeTxn.
    const first = (await startSteamPayment(testApp().app, buyer.session, 'no_ads')).json().OrderId;
    const second = (await startSteamPayment(testApp().app, buyer.session, 'no_ads')).json().OrderId;
    steam.fake.authorize(TEST_STEAM_APP_ID, first, true);
    steam.fake.authorize(TEST_STEAM_APP_ID, second, true);
    expect((await settleSteam(testApp().app, buyer.session, first)).json().Items[0].Status).toBe('Delivered');
    expect((await settleSteam(testApp().app, buyer.session, second)).json().Items[0]).toMatchObject({
      Status: 'Failed',
      ErrorCode: 'product_already_owned',
    });
    expect(steam.fake.txn(TEST_STEAM_APP_ID, second)?.status).toBe('Approved');
    const third = await startSteamPayment(testApp().app, buyer.session, 'no_ads');
    expect(third.json().ErrorCode).toBe('product_already_owned');
  });

  it('a transaction whose amount or item Steam reports otherwise than opened is never finalized', async () => {
    const { session } = await player();
    const { OrderId } = (await startSteamPayment(testApp().app, session, 'stars_100')).json();
    steam.fake.authorize(TEST_STEAM_APP_ID, OrderId, true);
    const txn = steam.fake.txn(TEST_STEAM_APP_ID, OrderId);
    if (!txn?.items[0]) throw new Error('no transaction at the fake');
    txn.items[0].amount = 1;
    expect((await settleSteam(testApp().app, session, OrderId)).json().Items[0]).toMatchObject({
      Status: 'Failed',
      ErrorCode: 'platform_price_mismatch',
    });
    expect(txn.status).toBe('Approved');
    expect(await paidOrders(OrderId)).toEqual([]);
  });

  it('a product without a Steam price, an account without Steam, Steam down: stable refusals, nothing opened', async () => {
    const { session } = await player();
    const unknown = await startSteamPayment(testApp().app, session, 'no_such_sku');
    expect(unknown.statusCode).toBe(404);
    const emailSession = await signIn(testApp().app, testApp().database.handle.db, 'no-steam@example.test');
    const noSteam = await startSteamPayment(testApp().app, emailSession, 'stars_100');
    expect(noSteam.statusCode).toBe(403);
    expect(noSteam.json().ErrorCode).toBe('forbidden');
    expect((await startSteamPayment(testApp().app, 'x'.repeat(40), 'stars_100')).statusCode).toBe(401);
    steam.fake.down(true);
    try {
      const down = await startSteamPayment(testApp().app, session, 'stars_100');
      expect(down.statusCode).toBe(503);
    } finally {
      steam.fake.down(false);
    }
    const rows = await testApp()
      .database.handle.db.selectFrom('steam_transactions')
      .select('order_id')
      .where('sku', '=', 'no_such_sku')
      .execute();
    expect(rows).toEqual([]);
  });
});
