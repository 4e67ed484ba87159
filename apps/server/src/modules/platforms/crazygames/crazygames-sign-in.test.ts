import { createHmac } from 'node:crypto';
import { exportSPKI } from 'jose';
import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { countRows, describeEachEngine } from '../../../test/databases.js';
import { OTHER_CRAZYGAMES_GAME_ID, signInWithCrazyGames, useFakeCrazyGames } from './crazygames-test-support.js';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** POST /auth/authenticate_from_social with CrazyGames {Token, IsGuest} (security.md §6, §12 row 15). */
describeEachEngine('CrazyGames sign-in from the SDK v3 user token', (engine) => {
  const crazyGames = useFakeCrazyGames();
  const testApp = useTestApp(engine, {
    platforms: { ...testConfig().platforms, crazygames: crazyGames.config },
  });
  const accounts = async () => countRows(testApp().database.handle.db, 'accounts');
  const refused = async (token: string, code: string, status = 401, IsGuest = false) => {
    const before = await accounts();
    const response = await signInWithCrazyGames(testApp().app, { Token: token, IsGuest });
    expect(response.statusCode).toBe(status);
    expect(response.json().ErrorCode).toBe(code);
    expect(await accounts()).toBe(before);
  };

  it('first sight makes the account and its CrazyGames identity named by the token; later sight the same account', async () => {
    const { app, clock } = testApp();
    const before = await accounts();
    const first = await signInWithCrazyGames(app, { Token: await crazyGames.token('u100', clock.now), IsGuest: false });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      AuthenticatedSocialIdentifierType: 'CrazyGames',
      AuthenticatedSocialIdentifier: 'u100',
    });
    const profile = await app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${body.Token}` },
      payload: {},
    });
    expect(profile.json()).toMatchObject({ AccountId: body.AccountId, Email: null, Name: 'CrazyPlayeru100' });
    expect(profile.json().SocialIdentifiers).toEqual([{ Type: 'CrazyGames', Id: 'u100' }]);
    const again = await signInWithCrazyGames(
      app,
      { Token: await crazyGames.token('u100', clock.now), IsGuest: false },
      { Social: 8 },
    );
    expect(again.json().AccountId).toBe(body.AccountId);
    expect(await accounts()).toBe(before + 1);
  });

  it('forged, tampered, alg none and HS256 keyed with the PEM → 401 platform_sign_invalid, nothing written', async () => {
    const now = testApp().clock.now;
    await refused(
      await crazyGames.token('u200', now, { key: await crazyGames.strangerKey() }),
      'platform_sign_invalid',
    );
    const [header = '', , signature = ''] = (await crazyGames.token('u200', now)).split('.');
    const claims = { userId: 'u1', gameId: 'cg-sky-runner-4711', iat: now / 1000, exp: now / 1000 + 600 };
    await refused(`${header}.${b64url(claims)}.${signature}`, 'platform_sign_invalid');
    await refused(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`, 'platform_sign_invalid');
    // Algorithm confusion: the public PEM used as an HMAC secret (security.md §6 pitfalls).
    const pem = await (async () => {
      const response = await fetch(crazyGames.config.publicKeyUrl);
      return ((await response.json()) as { publicKey: string }).publicKey;
    })();
    const hsInput = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}`;
    await refused(
      `${hsInput}.${createHmac('sha256', pem).update(hsInput).digest('base64url')}`,
      'platform_sign_invalid',
    );
    await refused('not-a-jwt', 'platform_sign_invalid');
    expect(await exportSPKI((await crazyGames.strangerKey()).publicKey)).not.toBe(pem);
  });

  it('expired, issued in the future → platform_payload_expired; another game’s token → platform_app_mismatch', async () => {
    const now = testApp().clock.now;
    await refused(await crazyGames.token('u300', now, { ageSeconds: 3700 }), 'platform_payload_expired');
    await refused(await crazyGames.token('u300', now, { ageSeconds: -600 }), 'platform_payload_expired');
    await refused(await crazyGames.token('u300', now, { gameId: OTHER_CRAZYGAMES_GAME_ID }), 'platform_app_mismatch');
  });

  it('a guest (IsGuest, no token) is refused; a missing block names CrazyGames', async () => {
    await refused('', 'platform_sign_invalid', 401, true);
    const noBlock = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_social',
      payload: { Social: 'CrazyGames', Game: 'sky-runner' },
    });
    expect(noBlock.json().Errors[0].Message).toBe('CrazyGames payload is required for CrazyGames login');
  });

  it('the key is fetched once and cached; a rotated key is fetched again once, a forgery after it is not', async () => {
    const { app, clock } = testApp();
    const before = crazyGames.fetches();
    for (const user of ['u400', 'u401']) {
      const response = await signInWithCrazyGames(app, {
        Token: await crazyGames.token(user, clock.now),
        IsGuest: false,
      });
      expect(response.statusCode).toBe(200);
    }
    expect(crazyGames.fetches()).toBe(before);
    await crazyGames.rotate();
    clock.now += 60_000;
    const rotated = await signInWithCrazyGames(app, {
      Token: await crazyGames.token('u402', clock.now),
      IsGuest: false,
    });
    expect(rotated.statusCode).toBe(200);
    expect(crazyGames.fetches()).toBe(before + 1);
    await refused(
      await crazyGames.token('u403', clock.now, { key: await crazyGames.strangerKey() }),
      'platform_sign_invalid',
    );
    expect(crazyGames.fetches()).toBe(before + 1);
  });

  it('CrazyGames’ key unreachable once the cache expired → 503 service_unavailable (fails closed)', async () => {
    const { clock } = testApp();
    crazyGames.down(true);
    clock.now += 601_000;
    try {
      await refused(await crazyGames.token('u500', clock.now), 'service_unavailable', 503);
    } finally {
      crazyGames.down(false);
    }
  });
});
