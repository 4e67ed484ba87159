import { afterAll, expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { facebookSignedRequest } from '../facebook-signed-request.js';
import { createFakeGraph, listenFakeGraph } from './facebook-graph-fake.js';
import {
  fbSignedRequest,
  OTHER_GAME_FB_GAMES_SECRET,
  postForm,
  postPaymentWebhook,
  recordCharge,
  signInWithFbGames,
  TEST_FB_GAMES_SECRET,
  TEST_VERIFY_TOKEN,
  testFbGamesConfig,
} from './fbgames-test-support.js';
import { hubSignature } from './hub-signature.js';

const graph = createFakeGraph();
const fakeGraph = await listenFakeGraph(graph);
afterAll(() => fakeGraph.close());

/**
 * Facebook Games (canvas): signed_request sign-in, the canvas page, deauthorize and data-deletion
 * callbacks, Open Graph product pages, and payments completed by the signed webhook and a Graph
 * lookup against a fake Graph API (security.md §4a, §12 rows 12, 14, 19; platform-protocols.md §12).
 */
describeEachEngine('Facebook Games on the server', (engine) => {
  const testApp = useTestApp(engine, {
    platforms: { ...testConfig().platforms, fbgames: testFbGamesConfig(fakeGraph.url) },
  });
  const count = async (table: 'accounts' | 'orders') =>
    Number(
      (
        await testApp()
          .database.handle.db.selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let nextUser = 4_400_000_000_001;
  /** A new Facebook user signed in: their user id and bearer token. */
  const player = async () => {
    const userId = String(nextUser++);
    const body = (await signInWithFbGames(testApp().app, fbSignedRequest(userId, testApp().clock.now))).json();
    return { userId, token: body.Token as string, accountId: body.AccountId as string };
  };
  const start = async (token: string, sku = 'stars_100') => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/platforms/payment',
      headers: { authorization: `Bearer ${token}` },
      payload: { Game: 'sky-runner', Platform: 'FacebookGames', Sku: sku },
    });
    expect(response.statusCode).toBe(200);
    return response.json().FacebookGames as { ProductOgUrl: string; RequestId: string };
  };
  const purchaseOf = async (token: string, orderId: string) =>
    (
      await testApp().app.inject({
        method: 'POST',
        url: '/api/v1/platforms/purchase',
        headers: { authorization: `Bearer ${token}` },
        payload: { Game: 'sky-runner', Platform: 'FacebookGames', OrderId: orderId },
      })
    ).json().Purchase;

  it('signs in by signed_request with a FacebookGames identity and no email; refuses forged, stale, userless and cross-game ones', async () => {
    const { app, clock } = testApp();
    const first = await signInWithFbGames(app, fbSignedRequest('4400000000000999', clock.now));
    expect(first.json()).toMatchObject({
      AuthenticatedSocialIdentifierType: 'FacebookGames',
      AuthenticatedSocialIdentifier: '4400000000000999',
    });
    const again = await signInWithFbGames(app, fbSignedRequest('4400000000000999', clock.now), { Social: 7 });
    expect(again.json().AccountId).toBe(first.json().AccountId);
    const before = await count('accounts');
    const good = fbSignedRequest('4400000000000998', clock.now);
    const [sig = '', payload = ''] = good.split('.');
    for (const [signed, code] of [
      [`${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}.${payload}`, 'platform_sign_invalid'],
      [fbSignedRequest('4400000000000998', clock.now, { secret: OTHER_GAME_FB_GAMES_SECRET }), 'platform_sign_invalid'],
      [
        facebookSignedRequest({ algorithm: 'HMAC-SHA1', user_id: '1', issued_at: 1 }, TEST_FB_GAMES_SECRET),
        'platform_sign_invalid',
      ],
      [fbSignedRequest(undefined, clock.now), 'platform_sign_invalid'],
      [fbSignedRequest('4400000000000998', clock.now, { ageSeconds: 3601 }), 'platform_payload_expired'],
    ] as const) {
      const response = await signInWithFbGames(app, signed);
      expect(response.statusCode).toBe(401);
      expect(response.json().ErrorCode).toBe(code);
    }
    expect(await count('accounts')).toBe(before);
  });

  it('the canvas page takes Facebook’s form post and sends the player on; a forged one is 401', async () => {
    const { app, clock } = testApp();
    const url = '/api/v1/auth/authenticate_from_facebook_games/sky-runner';
    const loaded = await postForm(app, url, {
      signed_request: fbSignedRequest('4400000000000997', clock.now),
      fb_locale: 'ru_RU',
    });
    expect(loaded.statusCode).toBe(303);
    expect(loaded.headers.location).toBe('/play/sky-runner/iframe/fbgames?app_id=1740000000000001&lang=ru');
    const spec = await postForm(app, url, { SignedRequest: fbSignedRequest('4400000000000997', clock.now) });
    expect(spec.statusCode).toBe(303);
    const forged = await postForm(app, url, {
      signed_request: fbSignedRequest('1', clock.now, { secret: 'x'.repeat(20) }),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().ErrorCode).toBe('platform_sign_invalid');
    const missing = await postForm(app, url, { fb_locale: 'en_US' });
    expect(missing.json().ErrorCode).toBe('validation_failed');
  });

  it('serves each product’s Open Graph page at the URL the payment start names', async () => {
    const { token } = await player();
    const started = await start(token, 'stars_550');
    expect(started.ProductOgUrl).toBe('http://localhost:8080/api/v1/platforms/fbgames/og/sky-runner/stars_550');
    expect(started.RequestId).toMatch(/^fbg_[\w-]{16}_[\w-]{22}$/);
    const page = await testApp().app.inject({
      method: 'GET',
      url: '/api/v1/platforms/fbgames/og/sky-runner/stars_550',
    });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<meta property="og:type" content="og:product" />');
    expect(page.body).toContain(`<meta property="og:url" content="${started.ProductOgUrl}" />`);
    expect(page.body).toContain('<meta property="product:price:amount" content="4.99" />');
    const unknown = await testApp().app.inject({ method: 'GET', url: '/api/v1/platforms/fbgames/og/sky-runner/nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('the signed webhook and the Graph lookup pay the order once (replayed 10× at once); the portal finds it by the reference', async () => {
    const { userId, token } = await player();
    const started = await start(token);
    recordCharge(graph, {
      paymentId: '900000000001',
      userId,
      requestId: started.RequestId,
      productUrl: started.ProductOgUrl,
    });
    expect(await purchaseOf(token, started.RequestId)).toBeNull();
    const first = await postPaymentWebhook(testApp().app, '900000000001');
    expect(first.json()).toEqual({ Received: true, Outcomes: ['paid'] });
    const replays = await Promise.all(
      Array.from({ length: 10 }, () => postPaymentWebhook(testApp().app, '900000000001')),
    );
    for (const replay of replays) expect(replay.json()).toEqual({ Received: true, Outcomes: ['already_paid'] });
    expect(await purchaseOf(token, started.RequestId)).toMatchObject({ Sku: 'stars_100' });
    // A completed refund on Facebook refunds the order, once.
    graph.addAction('900000000001', 'refund');
    expect((await postPaymentWebhook(testApp().app, '900000000001')).json().Outcomes).toEqual(['refunded']);
    expect(await purchaseOf(token, started.RequestId)).toBeNull();
  });

  it('a bad, missing or other game’s webhook signature is 401 and reads nothing', async () => {
    const before = await count('orders');
    const { userId, token } = await player();
    const started = await start(token);
    recordCharge(graph, {
      paymentId: '900000000002',
      userId,
      requestId: started.RequestId,
      productUrl: started.ProductOgUrl,
    });
    for (const options of [
      { secret: OTHER_GAME_FB_GAMES_SECRET },
      { signature: '' },
      { signature: `sha1=${'0'.repeat(40)}` },
      { signature: hubSignature('{"object":"payments","entry":[]}', TEST_FB_GAMES_SECRET) },
    ]) {
      const response = await postPaymentWebhook(testApp().app, '900000000002', options);
      expect(response.statusCode).toBe(401);
      expect(response.json().ErrorCode).toBe('platform_webhook_unauthorized');
    }
    expect(await count('orders')).toBe(before);
  });

  it("pays nothing for another player's reference, a foreign product URL, another app or an unknown payment", async () => {
    const before = await count('orders');
    const alice = await player();
    const bob = await player();
    const started = await start(alice.token);
    // Bob paid, but with Alice's reference: the reference was not issued to Bob's account.
    recordCharge(graph, {
      paymentId: '900000000003',
      userId: bob.userId,
      requestId: started.RequestId,
      productUrl: started.ProductOgUrl,
    });
    recordCharge(graph, {
      paymentId: '900000000004',
      userId: alice.userId,
      requestId: started.RequestId,
      productUrl: 'https://evil.example/og/stars_100',
    });
    recordCharge(graph, {
      paymentId: '900000000005',
      userId: alice.userId,
      requestId: started.RequestId,
      productUrl: started.ProductOgUrl,
      appId: '1',
    });
    const outcomes = [];
    for (const id of ['900000000003', '900000000004', '900000000005']) {
      outcomes.push(...(await postPaymentWebhook(testApp().app, id)).json().Outcomes);
    }
    expect(outcomes).toEqual(['refused:not_our_order', 'refused:unknown_product', 'refused:other_app']);
    // Graph does not know the payment: Facebook's retry may succeed later, so 503.
    const unknown = await postPaymentWebhook(testApp().app, '900000000099');
    expect(unknown.statusCode).toBe(503);
    expect(await count('orders')).toBe(before);
  });

  it('answers the webhook subscription check only for our verify token', async () => {
    const url = '/api/v1/platforms/fbgames/payments/sky-runner';
    const ok = await testApp().app.inject({
      method: 'GET',
      url: `${url}?hub.mode=subscribe&hub.verify_token=${TEST_VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await testApp().app.inject({
      method: 'GET',
      url: `${url}?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`,
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('deauthorize answers 200 for a signed request; data deletion forgets the identity and answers url and confirmation_code', async () => {
    const { userId, token } = await player();
    const { app, clock } = testApp();
    const deauth = await postForm(app, '/api/v1/platforms/fbgames/deauthorize/sky-runner', {
      signed_request: fbSignedRequest(userId, clock.now),
    });
    expect(deauth.json()).toEqual({ Received: true });
    const forged = await postForm(app, '/api/v1/platforms/fbgames/data-deletion/sky-runner', {
      signed_request: fbSignedRequest(userId, clock.now, { secret: OTHER_GAME_FB_GAMES_SECRET }),
    });
    expect(forged.statusCode).toBe(401);
    const deleted = await postForm(app, '/api/v1/platforms/fbgames/data-deletion/sky-runner', {
      signed_request: fbSignedRequest(userId, clock.now),
    });
    const answer = deleted.json();
    expect(answer.confirmation_code).toMatch(/^fbdel_/);
    expect(answer.url).toBe(
      `http://localhost:8080/api/v1/platforms/fbgames/data-deletion/sky-runner/${answer.confirmation_code}`,
    );
    const status = await app.inject({ method: 'GET', url: new URL(answer.url).pathname });
    expect(status.json()).toEqual({ ConfirmationCode: answer.confirmation_code, Status: 'Completed' });
    const madeUp = await app.inject({
      method: 'GET',
      url: '/api/v1/platforms/fbgames/data-deletion/sky-runner/fbdel_x',
    });
    expect(madeUp.statusCode).toBe(404);
    // The Facebook identity is gone from the account: signing in again makes a new account.
    const profile = await app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(profile.json().SocialIdentifiers).toEqual([]);
  });
});
