import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { postWizqProxy, signInWithWizq, TEST_CLOCK_START, TEST_WIZQ_CONFIG, wizqToken } from './wizq-test-support.js';

const origin = new URL(testConfig().publicUrl).origin;
const data = (command: string, num: number) => JSON.stringify({ command, num });

/** POST /platforms/payment (WizQ.SecuredOrderId) and POST /wizq/proxyRequestHandler/{Game}. */
describeEachEngine('WizQ payments through the proxy request handler', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, ymobage: TEST_WIZQ_CONFIG } });
  const tokens = new Map<string, string>();
  const player = async (viewer: string) => {
    const known = tokens.get(viewer);
    if (known) return known;
    const token = (await signInWithWizq(testApp().app, await wizqToken(viewer))).json().Token as string;
    tokens.set(viewer, token);
    return token;
  };
  const start = async (viewer = '3001', sku = 'stars_100') =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/payment',
      headers: { authorization: `Bearer ${await player(viewer)}` },
      payload: { Game: 'sky-runner', Platform: 'WizQ', Sku: sku },
    });
  let session = 0;
  const payment = (securedOrderId: string, num: number, extra: Record<string, string> = {}): [string, string][] =>
    Object.entries({
      opensocial_app_id: '13000001',
      opensocial_viewer_id: '3001',
      data: data('payment', num),
      secured_order_id: securedOrderId,
      sku: 'stars_100',
      amount: '120',
      payment_id: `pay-${num}`,
      ...extra,
    });
  const orders = (id: string) =>
    testApp()
      .database.handle.db.selectFrom('platform_purchases')
      .select('order_id')
      .where('external_order_id', '=', id)
      .execute();
  const purchaseOf = async (viewer: string, orderId: string) =>
    (
      await testApp().app.inject({
        method: 'POST',
        url: '/api/v1/platforms/purchase',
        headers: { authorization: `Bearer ${await player(viewer)}` },
        payload: { Game: 'sky-runner', Platform: 'WizQ', OrderId: orderId },
      })
    ).json().Purchase;

  it('a SecuredOrderId paid through a signed proxy request delivers once; WizQ repeating it gets ok again', async () => {
    const started = await start();
    expect(started.statusCode).toBe(200);
    const { OrderId, WizQ, Price } = started.json();
    expect(WizQ.SecuredOrderId).toBe(OrderId);
    expect(Price).toEqual({ Amount: 120, Currency: 'MBC' });
    const sessionId = `s-${++session}`;
    const ping = await postWizqProxy(testApp().app, {
      origin,
      session: sessionId,
      form: [
        ['opensocial_app_id', '13000001'],
        ['opensocial_viewer_id', '3001'],
        ['data', data('ping', 0)],
      ],
    });
    expect(ping.json()).toEqual({ result: 'ok', command: 'ping', num: 0 });
    const paid = await postWizqProxy(testApp().app, { origin, session: sessionId, form: payment(OrderId, 1) });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ result: 'ok', orderId: OrderId });
    const repeats = await Promise.all(
      [1, 1, 2, 3].map((num) =>
        postWizqProxy(testApp().app, { origin, session: sessionId, form: payment(OrderId, num) }),
      ),
    );
    expect(repeats.map((repeat) => repeat.json().result)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(await orders(OrderId)).toHaveLength(1);
    expect(await purchaseOf('3001', OrderId)).toMatchObject({ Sku: 'stars_100' });
    expect(await purchaseOf('3002', OrderId)).toBeNull();
  });

  it('the counter starts at 0 per session and a num at or below the last taken is a replay', async () => {
    const sessionId = `s-${++session}`;
    const ping = (num: number, sessionKey = sessionId) =>
      postWizqProxy(testApp().app, {
        origin,
        session: sessionKey,
        form: [
          ['opensocial_app_id', '13000001'],
          ['opensocial_viewer_id', '3001'],
          ['data', data('ping', num)],
        ],
      });
    expect((await ping(0)).statusCode).toBe(200);
    expect((await ping(1)).statusCode).toBe(200);
    const replayed = await ping(1);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json().code).toBe('replayed');
    expect((await ping(0)).json().code).toBe('replayed');
    expect((await ping(0, `s-${++session}`)).statusCode).toBe(200);
    const racing = await Promise.all([5, 5, 5, 5].map((num) => ping(num)));
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
  });

  it.each([
    ['a forged signature', { secret: 'forged-consumer-secret-0000' }, [], 401, 'bad_signature'],
    ['another app’s consumer key', { consumerKey: '13000002' }, [], 401, 'bad_signature'],
    ['a stale timestamp', { timestamp: Math.floor(TEST_CLOCK_START / 1000) - 600 }, [], 401, 'bad_signature'],
    ['another viewer', {}, [['opensocial_viewer_id', '3999']], 400, 'invalid_payment'],
    ['a lower amount', {}, [['amount', '1']], 400, 'invalid_payment'],
    [
      'another product for the order',
      {},
      [
        ['sku', 'stars_550'],
        ['amount', '600'],
      ],
      400,
      'invalid_payment',
    ],
    ['an unknown command', {}, [['data', data('grant', 7)]], 400, 'unknown_command'],
    ['data that is not {command, num}', {}, [['data', '{"command":"payment","num":-1}']], 400, 'invalid_request'],
  ] as const)('%s is refused and pays nothing', async (_name, signing, overrides, status, code) => {
    await player('3999');
    const { OrderId } = (await start()).json();
    const form = new Map(payment(OrderId, 1));
    for (const [key, value] of overrides) form.set(key, value);
    const answer = await postWizqProxy(testApp().app, {
      origin,
      session: `s-${++session}`,
      form: [...form],
      ...signing,
    });
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toMatchObject({ result: 'error' });
    if (status !== 401) expect(answer.json().code).toBe(code);
    expect(await orders(OrderId)).toEqual([]);
  });

  it('a tampered field after signing, a repeated field and a request for another game are refused', async () => {
    const { OrderId } = (await start()).json();
    const signed = payment(OrderId, 1);
    const header = await postWizqProxy(testApp().app, { origin, session: 's-x', form: signed, game: 'gem-garden' });
    expect(header.statusCode).toBe(404);
    const tampered = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/wizq/proxyRequestHandler/sky-runner',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(signed).toString(),
    });
    expect(tampered.statusCode).toBe(401);
    const repeated = await postWizqProxy(testApp().app, { origin, session: 's-y', form: [...signed, ['amount', '1']] });
    expect(repeated.json().code).toBe('invalid_request');
    expect(await orders(OrderId)).toEqual([]);
  });

  it('a player without a WizQ identity gets no SecuredOrderId', async () => {
    const email = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/payment',
      payload: { Game: 'sky-runner', Platform: 'WizQ', Sku: 'stars_100' },
    });
    expect(email.statusCode).toBe(401);
    expect((await start('3001', 'no_such_sku')).statusCode).toBe(404);
  });
});
