import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { countRows, describeEachEngine } from '../../../test/databases.js';
import { facebookSignedRequest } from '../facebook-signed-request.js';
import {
  OTHER_GAME_FB_INSTANT_SECRET,
  signedPlayerInfo,
  signInWithFbInstant,
  TEST_FB_INSTANT_APP_ID,
  TEST_FB_INSTANT_CONFIG,
} from './fbinstant-test-support.js';

/** POST /auth/authenticate_from_social with Instant Games' SignedPlayerInfo (security.md §4a, §12 row 12). */
describeEachEngine('Facebook Instant Games sign-in from the signed player info', (engine) => {
  const testApp = useTestApp(engine, {
    platforms: { ...testConfig().platforms, fbinstantgames: TEST_FB_INSTANT_CONFIG },
  });
  const accounts = async () => countRows(testApp().database.handle.db, 'accounts');
  const refused = async (signature: string, code: string, body: Record<string, unknown> = {}) => {
    const before = await accounts();
    const response = await signInWithFbInstant(testApp().app, signature, body);
    expect(response.statusCode).toBe(401);
    expect(response.json().ErrorCode).toBe(code);
    expect(await accounts()).toBe(before);
  };

  it('first sight makes the account and its app-scoped identity without email; later sight the same account', async () => {
    const { app, clock } = testApp();
    const before = await accounts();
    const first = await signInWithFbInstant(app, signedPlayerInfo('4100000000001', clock.now));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    const id = `${TEST_FB_INSTANT_APP_ID}:4100000000001`;
    expect(body).toMatchObject({
      AuthenticatedSocialIdentifierType: 'FacebookNamespaced',
      AuthenticatedSocialIdentifier: id,
    });
    const profile = await app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${body.Token}` },
      payload: {},
    });
    expect(profile.json()).toMatchObject({ AccountId: body.AccountId, Email: null });
    expect(profile.json().SocialIdentifiers).toEqual([{ Type: 'FacebookNamespaced', Id: id }]);
    const again = await signInWithFbInstant(app, signedPlayerInfo('4100000000001', clock.now), { Social: 14 });
    expect(again.json().AccountId).toBe(body.AccountId);
    expect(await accounts()).toBe(before + 1);
  });

  it('forged, tampered, another game’s secret or a non-HMAC-SHA256 algorithm → 401 platform_sign_invalid', async () => {
    const now = testApp().clock.now;
    const good = signedPlayerInfo('4100000000002', now);
    const [sig = '', payload = ''] = good.split('.');
    await refused(`${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}.${payload}`, 'platform_sign_invalid');
    const tampered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), player_id: '4100000000003' }),
    ).toString('base64url');
    await refused(`${sig}.${tampered}`, 'platform_sign_invalid');
    // Cross-game: gem-garden's SignedPlayerInfo presented to sky-runner.
    await refused(
      signedPlayerInfo('4100000000002', now, { secret: OTHER_GAME_FB_INSTANT_SECRET }),
      'platform_sign_invalid',
    );
    await refused(
      facebookSignedRequest({ algorithm: 'none', issued_at: Math.floor(now / 1000), player_id: '1' }, 'x'),
      'platform_sign_invalid',
    );
    await refused(`${good}.extra`, 'platform_sign_invalid');
    // Signed, but naming no player.
    await refused(signedPlayerInfo('', now), 'platform_sign_invalid');
  });

  it('a stale or far-future SignedPlayerInfo (a captured one replayed later) → 401 platform_payload_expired', async () => {
    const now = testApp().clock.now;
    await refused(signedPlayerInfo('4100000000004', now, { ageSeconds: 3601 }), 'platform_payload_expired');
    await refused(signedPlayerInfo('4100000000004', now, { ageSeconds: -400 }), 'platform_payload_expired');
    await refused(
      signedPlayerInfo('4100000000004', now, { extra: { issued_at: undefined } }),
      'platform_payload_expired',
    );
  });

  it('a game not on Instant Games, or without an app here, is refused without an account', async () => {
    const { app, clock } = testApp();
    const before = await accounts();
    const missing = await signInWithFbInstant(app, signedPlayerInfo('4100000000005', clock.now), { Game: 'nope' });
    expect(missing.json().ErrorCode).toBe('game_not_found');
    const noBlock = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_social',
      payload: { Social: 'FacebookInstantGames', Game: 'sky-runner' },
    });
    expect(noBlock.statusCode).toBe(400);
    expect(noBlock.json().ErrorCode).toBe('validation_failed');
    expect(await accounts()).toBe(before);
  });
});
