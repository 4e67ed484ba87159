import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import {
  OTHER_GAME_YANDEX_SECRET,
  postYandexPurchase,
  signedPlayer,
  signedPurchases,
  signInWithYandex,
  TEST_YANDEX_CONFIG,
  yandexPurchase,
} from './yandex-test-support.js';

/** POST /yandexgames/purchase/{Game} (spec store §4, §7; security.md §5, §12 rows 13, 14, 26). */
describeEachEngine('Yandex Games purchases checked on the server', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, yandex: TEST_YANDEX_CONFIG } });
  const players = new Map<string, { token: string; accountId: string }>();
  const player = async (id = 'buyer1') => {
    let known = players.get(id);
    if (!known) {
      const { app, clock } = testApp();
      const body = (await signInWithYandex(app, signedPlayer(id, clock.now))).json();
      known = { token: body.Token, accountId: body.AccountId };
      players.set(id, known);
    }
    return known;
  };
  const ordersOf = (token: string) =>
    testApp()
      .database.handle.db.selectFrom('orders')
      .select(['account_id', 'status', 'provider', 'total_amount', 'currency', 'platform', 'public_id'])
      .where('provider_ref', '=', token)
      .execute();
  const buy = async (signature: string, list = false, who = 'buyer1', game?: string) => {
    const { token } = await player(who);
    return postYandexPurchase(
      testApp().app,
      token,
      { YandexSignedData: signature, YandexGetPurchasesRequest: list },
      game,
    );
  };

  it('a signed purchase pays one order at the catalog price for the player: Success with its transaction', async () => {
    const { accountId } = await player();
    const purchase = yandexPurchase('stars_550', 70);
    const response = await buy(signedPurchases(purchase, testApp().clock.now));
    expect(response.statusCode).toBe(200);
    const [order] = await ordersOf(purchase.token);
    expect(response.json()).toEqual({
      TokenSuccesses: [
        {
          PurchaseToken: purchase.token,
          Success: true,
          Sku: 'stars_550',
          TransactionId: order?.public_id,
          ErrorCode: null,
        },
      ],
    });
    expect(order).toMatchObject({
      account_id: accountId,
      status: 'Completed',
      provider: 'yandex',
      total_amount: 499,
      currency: 'USD',
      platform: 'YandexGames',
    });
    const listed = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/store/check-buy-products',
      headers: { authorization: `Bearer ${(await player()).token}` },
      payload: { Game: 'sky-runner' },
    });
    expect(listed.json().Purchases.map((item: { TransactionId: string }) => item.TransactionId)).toContain(
      order?.public_id,
    );
  });

  it('row 14: the same token sent twice, and 10 times at once, makes one order and the same answer', async () => {
    const purchase = yandexPurchase('stars_100', 15);
    const signature = signedPurchases(purchase, testApp().clock.now);
    const first = (await buy(signature)).json();
    expect((await buy(signature)).json()).toEqual(first);
    const list = signedPurchases([purchase], testApp().clock.now);
    expect((await buy(list, true)).json()).toEqual(first);
    expect(await ordersOf(purchase.token)).toHaveLength(1);

    const parallel = yandexPurchase('stars_100', 15);
    const many = signedPurchases(parallel, testApp().clock.now);
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(many)));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.json()))).size).toBe(1);
    expect(answers[0]?.json().TokenSuccesses[0].Success).toBe(true);
    expect(await ordersOf(parallel.token)).toHaveLength(1);
  });

  it('another account sending a taken token gets platform_purchase_taken and nothing', async () => {
    const purchase = yandexPurchase('stars_100', 15);
    const signature = signedPurchases(purchase, testApp().clock.now);
    expect((await buy(signature)).json().TokenSuccesses[0].Success).toBe(true);
    const stolen = (await buy(signature, false, 'thief')).json().TokenSuccesses[0];
    expect(stolen).toMatchObject({ Success: false, ErrorCode: 'platform_purchase_taken', TransactionId: null });
    expect(await ordersOf(purchase.token)).toHaveLength(1);
  });

  it('forged, tampered, another game’s key, HMAC over the text → 401 platform_sign_invalid, no order', async () => {
    const now = testApp().clock.now;
    const purchase = yandexPurchase('stars_550', 70);
    const good = signedPurchases(purchase, now);
    const [sign = '', data = ''] = good.split('.');
    const json = Buffer.from(data, 'base64').toString('utf8');
    const cheaper = Buffer.from(json.replace('"stars_550"', '"stars_100"')).toString('base64');
    const { createHmac } = await import('node:crypto');
    const overText = createHmac('sha256', 'test-yandex-secret-for-sky-runner').update(data).digest('base64');
    for (const bad of [
      `${sign.startsWith('A') ? 'B' : 'A'}${sign.slice(1)}.${data}`,
      `${sign}.${cheaper}`,
      signedPurchases(purchase, now, { secret: OTHER_GAME_YANDEX_SECRET }),
      `${overText}.${data}`,
    ]) {
      const response = await buy(bad);
      expect(response.statusCode).toBe(401);
      expect(response.json().ErrorCode).toBe('platform_sign_invalid');
    }
    expect(await ordersOf(purchase.token)).toEqual([]);
    // gem-garden's own purchase sent for sky-runner: its key does not verify here.
    const gemGarden = yandexPurchase('gems_50', 20);
    const elsewhere = await buy(signedPurchases(gemGarden, now, { secret: OTHER_GAME_YANDEX_SECRET }));
    expect(elsewhere.json().ErrorCode).toBe('platform_sign_invalid');
    expect(await ordersOf(gemGarden.token)).toEqual([]);
  });

  it('a list sent as one purchase (or one as a list) is refused; a stale single purchase is expired, an old list is not', async () => {
    const now = testApp().clock.now;
    const purchase = yandexPurchase('stars_100', 15);
    expect((await buy(signedPurchases([purchase], now))).json().ErrorCode).toBe('platform_sign_invalid');
    expect((await buy(signedPurchases(purchase, now), true)).json().ErrorCode).toBe('platform_sign_invalid');
    const stale = await buy(signedPurchases(purchase, now, { ageSeconds: 3601 }));
    expect(stale.json()).toMatchObject({ status: 401, ErrorCode: 'platform_payload_expired' });
    expect(await ordersOf(purchase.token)).toEqual([]);
    const oldList = await buy(signedPurchases([purchase], now, { ageSeconds: 30 * 86_400 }), true);
    expect(oldList.json().TokenSuccesses[0].Success).toBe(true);
  });

  it('unknown product and a price other than the catalog’s fail per token; the rest of a list goes through', async () => {
    const now = testApp().clock.now;
    const unknown = yandexPurchase('no-such-sku', 15);
    const notOnYandex = yandexPurchase('garden_pass', 10);
    const cheap = yandexPurchase('stars_550', 1);
    const fine = yandexPurchase('no_ads', 40);
    const answer = (await buy(signedPurchases([unknown, notOnYandex, cheap, fine], now), true)).json();
    expect(answer.TokenSuccesses.map((item: { Success: boolean; ErrorCode: string | null }) => item.ErrorCode)).toEqual(
      ['platform_product_unknown', 'platform_product_unknown', 'platform_price_mismatch', null],
    );
    for (const refused of [unknown, notOnYandex, cheap]) expect(await ordersOf(refused.token)).toEqual([]);
    expect(await ordersOf(fine.token)).toHaveLength(1);
  });

  it('needs a bearer (401 unauthorized) and a game on Yandex (404)', async () => {
    const { app, clock } = testApp();
    const body = { YandexSignedData: signedPurchases(yandexPurchase('stars_100', 15), clock.now) };
    const anonymous = await postYandexPurchase(app, undefined, body);
    expect(anonymous.json()).toMatchObject({ status: 401, ErrorCode: 'unauthorized' });
    const { token } = await player();
    expect((await postYandexPurchase(app, token, body, 'no-such-game')).json().ErrorCode).toBe('game_not_found');
  });
});
