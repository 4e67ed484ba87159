import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import {
  agLaunchParams,
  agNotificationBody,
  agPaymentBlock,
  postAgNotification,
  signInWithAg,
  TEST_AG_APP,
  TEST_AG_CONFIG,
} from './ag-test-support.js';

/** POST /platforms/payment (AbsoluteGames token) and AG's signed payment notification; security.md §12 rows 14, 19, 26. */
describeEachEngine('Absolute Games payments', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, ag: TEST_AG_CONFIG } });
  const tokens = new Map<string, string>();
  const playerToken = async (playerId: string) => {
    const known = tokens.get(playerId);
    if (known) return known;
    const token = (await signInWithAg(testApp().app, `?${new URLSearchParams(agLaunchParams(playerId))}`)).json().Token;
    tokens.set(playerId, token);
    return token;
  };
  const startPayment = async (playerId: string, sku = 'stars_100', params = agLaunchParams(playerId)) =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/payment',
      headers: { authorization: `Bearer ${await playerToken(playerId)}` },
      payload: { Game: 'sky-runner', Platform: 'AbsoluteGames', Sku: sku, AbsoluteGames: agPaymentBlock(params) },
    });
  let nextInvoice = 90_000;
  const notification = (token: string, overrides: Record<string, string> = {}) => ({
    app_id: TEST_AG_APP.appId,
    player_id: 'ag-buyer',
    token,
    invoice: String(nextInvoice++),
    amount: '79',
    currency: 'RUB',
    status: 'success',
    ...overrides,
  });
  const purchaseOf = async (playerId: string, orderId: string) =>
    (
      await testApp().app.inject({
        method: 'POST',
        url: '/api/v1/platforms/purchase',
        headers: { authorization: `Bearer ${await playerToken(playerId)}` },
        payload: { Game: 'sky-runner', Platform: 'AbsoluteGames', OrderId: orderId },
      })
    ).json().Purchase;
  const paidOrders = () =>
    testApp()
      .database.handle.db.selectFrom('platform_purchases')
      .select(['external_order_id', 'account_id'])
      .where('platform', '=', 'ag')
      .execute();

  it('a token for the signed-in AG player, paid by the signed notification, delivers once however often it is repeated', async () => {
    const started = await startPayment('ag-buyer');
    expect(started.statusCode).toBe(200);
    const { OrderId, Price, AbsoluteGames } = started.json();
    expect(Price).toEqual({ Amount: 79, Currency: 'RUB' });
    expect(await purchaseOf('ag-buyer', OrderId)).toBeNull();
    const body = agNotificationBody(notification(AbsoluteGames.Token));
    const first = await postAgNotification(testApp().app, body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: 'ok', orderId: OrderId });
    const repeats = await Promise.all(Array.from({ length: 5 }, () => postAgNotification(testApp().app, body)));
    expect(repeats.map((repeat) => repeat.json().result)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    const another = await postAgNotification(testApp().app, agNotificationBody(notification(AbsoluteGames.Token)));
    expect(another.json().result).toBe('ok');
    expect((await paidOrders()).filter((row) => row.external_order_id === OrderId)).toHaveLength(1);
    const purchase = await purchaseOf('ag-buyer', OrderId);
    expect(purchase).toMatchObject({ Sku: 'stars_100' });
    // Another player asking for the same order finds nothing.
    expect(await purchaseOf('ag-someone-else', OrderId)).toBeNull();
  });

  it('a guest, a forged block, another player’s block or no block opens no payment', async () => {
    const guest = await startPayment('ag-buyer', 'stars_100', agLaunchParams('ag-buyer', { guest: 'true' }));
    expect(guest.statusCode).toBe(403);
    expect(guest.json().detail).toBe('Not authorized');
    const forged = await startPayment('ag-buyer', 'stars_100', agLaunchParams('ag-buyer', {}, 'forged-secret-0000'));
    expect(forged.json().ErrorCode).toBe('platform_sign_invalid');
    const other = await startPayment('ag-buyer', 'stars_100', agLaunchParams('ag-other-player'));
    expect(other.statusCode).toBe(403);
    const unknown = await startPayment('ag-buyer', 'no_such_sku');
    expect(unknown.statusCode).toBe(404);
    const missing = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/payment',
      headers: { authorization: `Bearer ${await playerToken('ag-buyer')}` },
      payload: { Game: 'sky-runner', Platform: 'AbsoluteGames', Sku: 'stars_100' },
    });
    expect(missing.json().ErrorCode).toBe('validation_failed');
  });

  it.each([
    [
      'a forged sign',
      (token: string) => agNotificationBody(notification(token), 'forged-secret-0000'),
      401,
      'bad_signature',
    ],
    [
      'a tampered amount',
      (token: string) => agNotificationBody(notification(token)).replace('amount=79', 'amount=1'),
      401,
      'bad_signature',
    ],
    [
      'a signed lower amount',
      (token: string) => agNotificationBody(notification(token, { amount: '1' })),
      400,
      'invalid_payment',
    ],
    [
      'another currency',
      (token: string) => agNotificationBody(notification(token, { currency: 'USD' })),
      400,
      'invalid_payment',
    ],
    [
      'another game’s app',
      (token: string) => agNotificationBody(notification(token, { app_id: 'ag-other' })),
      400,
      'invalid_payment',
    ],
    [
      'a failed status',
      (token: string) => agNotificationBody(notification(token, { status: 'failed' })),
      400,
      'invalid_payment',
    ],
    [
      'another player paying with the buyer’s token',
      (token: string) => agNotificationBody(notification(token, { player_id: 'ag-thief' })),
      400,
      'invalid_payment',
    ],
    [
      'a token not issued by us',
      (token: string) => {
        const [payload = ''] = token.split('.');
        return agNotificationBody(notification(`${payload}.AAAAAAAAAAAAAAAAAAAAAAAA`));
      },
      400,
      'invalid_payment',
    ],
    [
      'a repeated field',
      (token: string) => `${agNotificationBody(notification(token))}&amount=1`,
      401,
      'bad_signature',
    ],
  ])('%s is refused and pays nothing', async (_name, build, status, code) => {
    await playerToken('ag-thief');
    const { AbsoluteGames, OrderId } = (await startPayment('ag-buyer')).json();
    const response = await postAgNotification(testApp().app, build(AbsoluteGames.Token));
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ result: 'error', code });
    expect((await paidOrders()).filter((row) => row.external_order_id === OrderId)).toEqual([]);
  });

  it('a notification for another game is refused there', async () => {
    const { AbsoluteGames } = (await startPayment('ag-buyer')).json();
    const response = await postAgNotification(
      testApp().app,
      agNotificationBody(notification(AbsoluteGames.Token)),
      'gem-garden',
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('unknown_game');
  });
});
