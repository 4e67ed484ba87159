import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { countRows, describeEachEngine } from '../../../test/databases.js';
import { DEV_YANDEX_SECRET_PREFIX } from './yandex-config.js';
import { OTHER_GAME_YANDEX_SECRET, signedPlayer, signInWithYandex, TEST_YANDEX_CONFIG } from './yandex-test-support.js';

/** POST /auth/authenticate_from_social with Yandex's signed player (security.md §5.7, §12 row 13). */
describeEachEngine('Yandex Games sign-in from the signed player', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, yandex: TEST_YANDEX_CONFIG } });
  const accounts = async () => countRows(testApp().database.handle.db, 'accounts');
  const refused = async (signature: string, code: string, status = 401) => {
    const before = await accounts();
    const response = await signInWithYandex(testApp().app, signature);
    expect(response.statusCode).toBe(status);
    expect(response.json().ErrorCode).toBe(code);
    expect(await accounts()).toBe(before);
  };

  it('first sight makes the account and its YandexGames identity without email; later sight the same account', async () => {
    const { app, clock } = testApp();
    const before = await accounts();
    const first = await signInWithYandex(app, signedPlayer('yandexUser1', clock.now));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      AuthenticatedSocialIdentifierType: 'YandexGames',
      AuthenticatedSocialIdentifier: 'yandexUser1',
    });
    const profile = await app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${body.Token}` },
      payload: {},
    });
    expect(profile.json()).toMatchObject({
      AccountId: body.AccountId,
      Email: null,
      Locale: 'ru',
      Name: 'Yandex Player',
    });
    expect(profile.json().SocialIdentifiers).toEqual([{ Type: 'YandexGames', Id: 'yandexUser1' }]);
    const again = await signInWithYandex(app, signedPlayer('yandexUser1', clock.now), { Social: 4 });
    expect(again.json().AccountId).toBe(body.AccountId);
    expect(await accounts()).toBe(before + 1);
  });

  it('forged, tampered, other game’s key or HMAC over the base64 text → 401 platform_sign_invalid', async () => {
    const now = testApp().clock.now;
    const good = signedPlayer('yandexUser2', now);
    const [sign = '', data = ''] = good.split('.');
    await refused(`${sign.startsWith('A') ? 'B' : 'A'}${sign.slice(1)}.${data}`, 'platform_sign_invalid');
    const json = Buffer.from(data, 'base64').toString('utf8').replace('yandexUser2', 'yandexUser1');
    await refused(`${sign}.${Buffer.from(json).toString('base64')}`, 'platform_sign_invalid');
    await refused(signedPlayer('yandexUser2', now, { secret: OTHER_GAME_YANDEX_SECRET }), 'platform_sign_invalid');
    await refused(signedPlayer('', now), 'platform_sign_invalid');
    await refused('not a signature', 'platform_sign_invalid');
  });

  it('a stale or future player → 401 platform_payload_expired', async () => {
    const now = testApp().clock.now;
    await refused(signedPlayer('yandexUser3', now, { ageSeconds: 3601 }), 'platform_payload_expired');
    await refused(signedPlayer('yandexUser3', now, { ageSeconds: -3600 }), 'platform_payload_expired');
  });

  it('a missing block, and a game without a Yandex key, are refused', async () => {
    const { app, clock } = testApp();
    const noBlock = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_social',
      payload: { Social: 'YandexGames', Game: 'sky-runner' },
    });
    expect(noBlock.json().Errors[0].Message).toBe('Yandex payload is required for Yandex login');
    const notThere = await signInWithYandex(app, signedPlayer('yandexUser4', clock.now), { Game: 'no-such-game' });
    expect(notThere.json()).toMatchObject({ status: 404, ErrorCode: 'game_not_found' });
  });
});

describeEachEngine('Yandex Games sign-in in development without YANDEX_GAMES_SECRETS', (engine) => {
  const testApp = useTestApp(engine, { platforms: testConfig().platforms });

  it('each demo game signs with its own documented dev key', async () => {
    const { app, clock } = testApp();
    const secret = `${DEV_YANDEX_SECRET_PREFIX}gem-garden`;
    const response = await signInWithYandex(app, signedPlayer('devUser', clock.now, { secret }), {
      Game: 'gem-garden',
    });
    expect(response.statusCode).toBe(200);
    const otherGame = await signInWithYandex(app, signedPlayer('devUser', clock.now, { secret }));
    expect(otherGame.json().ErrorCode).toBe('platform_sign_invalid');
  });
});

describeEachEngine('Yandex Games sign-in in production without a key', (engine) => {
  const testApp = useTestApp(engine, {
    platforms: { ...testConfig().platforms, yandex: { ...TEST_YANDEX_CONFIG, secrets: {} } },
  });

  it('→ 503 platform_not_configured', async () => {
    const response = await signInWithYandex(testApp().app, signedPlayer('u', testApp().clock.now));
    expect(response.json()).toMatchObject({ status: 503, ErrorCode: 'platform_not_configured' });
  });
});
