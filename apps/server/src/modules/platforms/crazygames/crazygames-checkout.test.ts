import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { checkoutIdOf, choose, orderOf, storePost, useGameServer } from '../../../test/store.js';
import { OTHER_CRAZYGAMES_GAME_ID, signInWithCrazyGames, useFakeCrazyGames } from './crazygames-test-support.js';

/**
 * POST /store/create_payment on CrazyGames (spec store §3 `CrazyGames {AccessToken}`, §6):
 * the web checkout, for the CrazyGames user the token names and the account signed in as.
 */
describeEachEngine('CrazyGames purchases through the web checkout', (engine) => {
  const crazyGames = useFakeCrazyGames();
  const game = useGameServer('sky-runner');
  const testApp = useTestApp(engine, {
    store: game.store,
    platforms: { ...testConfig().platforms, crazygames: crazyGames.config },
  });
  const players = new Map<string, string>();
  const player = async (userId: string) => {
    let token = players.get(userId);
    if (!token) {
      const { app, clock } = testApp();
      const signed = await signInWithCrazyGames(app, {
        Token: await crazyGames.token(userId, clock.now),
        IsGuest: false,
      });
      token = signed.json().Token as string;
      players.set(userId, token);
    }
    return token;
  };
  const orders = async () =>
    Number(
      (
        await testApp()
          .database.handle.db.selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const buy = async (session: string, block?: { AccessToken: string }, sku = 'stars_100') =>
    storePost(
      testApp().app,
      '/create_payment',
      { Game: 'sky-runner', Sku: sku, WebPublishingPlatform: 'CrazyGames', ...(block ? { CrazyGames: block } : {}) },
      session,
    );

  it('the store is the web store on CrazyGames; a verified buyer pays once, and the game gets it once', async () => {
    const { app, clock } = testApp();
    const availability = await storePost(app, '/store_availability', {
      Game: 'sky-runner',
      WebPublishingPlatform: 'CrazyGames',
    });
    expect(availability.json()).toMatchObject({ Available: true, PaymentChannel: 'Web', PaymentProvider: 'sandbox' });
    const session = await player('buyer1');
    const created = await buy(session, { AccessToken: await crazyGames.token('buyer1', clock.now) });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({ Merchant: 'sandbox', OrderProduct: { Sku: 'stars_100' } });
    await choose(app, checkoutIdOf(body), 'Pay');
    await app.runOutbox();
    await app.runOutbox();
    const status = await storePost(app, '/get_payment_status', { TransactionId: body.TransactionId }, session);
    expect(status.json()).toMatchObject({ Status: 'Payed', Order: { DetailedStatus: 'Completed' } });
    expect(await orderOf(testApp().database.handle.db, body.TransactionId)).toMatchObject({ platform: 'CrazyGames' });
    const delivered = game.server().received.filter((item) => item.body.includes(body.TransactionId));
    expect(delivered).toHaveLength(1);
  });

  it('no token (a guest, or a portal account without CrazyGames) → 403 forbidden, no order', async () => {
    const before = await orders();
    const response = await buy(await player('buyer2'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ ErrorCode: 'forbidden' });
    expect(response.json().detail).toContain('No registration to crazygames!');
    expect(await orders()).toBe(before);
  });

  it('another player’s token, a forged, expired or other game’s token → refused, no order', async () => {
    const { clock } = testApp();
    const session = await player('buyer3');
    await player('buyer4');
    const before = await orders();
    const cases: [string, number, string][] = [
      [await crazyGames.token('buyer4', clock.now), 403, 'forbidden'],
      [
        await crazyGames.token('buyer3', clock.now, { key: await crazyGames.strangerKey() }),
        401,
        'platform_sign_invalid',
      ],
      [await crazyGames.token('buyer3', clock.now, { ageSeconds: 7200 }), 401, 'platform_payload_expired'],
      [await crazyGames.token('buyer3', clock.now, { gameId: OTHER_CRAZYGAMES_GAME_ID }), 401, 'platform_app_mismatch'],
    ];
    for (const [token, status, code] of cases) {
      const response = await buy(session, { AccessToken: token });
      expect(response.statusCode).toBe(status);
      expect(response.json().ErrorCode).toBe(code);
    }
    expect(await orders()).toBe(before);
  });
});
