import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { initData, signInWithTelegram, TEST_BOTS, testTelegramConfig } from './telegram-test-support.js';

/** POST /auth/authenticate_from_social with Telegram initData (security.md §3a, §12 rows 7–9). */
describeEachEngine('sign-in from Telegram Mini Apps', (engine) => {
  const testApp = useTestApp(engine, {
    platforms: {
      ...testConfig().platforms,
      vkcom: { apps: {}, devSecret: undefined, launchMaxAgeSeconds: 7200 },
      telegram: testTelegramConfig(),
    },
  });

  it('makes an account with a Telegram identity and no email on first sight, and returns it after', async () => {
    const { app, clock } = testApp();
    const first = await signInWithTelegram(app, initData(555001, clock.now));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      AuthenticatedSocialIdentifierType: 'Telegram',
      AuthenticatedSocialIdentifier: '555001',
    });
    const account = await app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${body.Token}` },
    });
    expect(account.json()).toMatchObject({ Email: null, Name: 'Ada Lovelace', Locale: 'ru' });
    expect(account.json().SocialIdentifiers).toEqual([{ Type: 'Telegram', Id: '555001' }]);
    const again = await signInWithTelegram(app, initData(555001, clock.now + 1000));
    expect(again.json().AccountId).toBe(body.AccountId);
    const other = await signInWithTelegram(app, initData(555002, clock.now));
    expect(other.json().AccountId).not.toBe(body.AccountId);
  });

  it('refuses forged, tampered, repeated-key, stale and other-bot initData with stable codes, creating nothing', async () => {
    const { app, clock, database } = testApp();
    const good = initData(555100, clock.now);
    const cases: [string, string, string][] = [
      [
        'forged hash',
        good.replace(/hash=[0-9a-f]/, (m) => (m.endsWith('0') ? 'hash=1' : 'hash=0')),
        'platform_sign_invalid',
      ],
      ['tampered user', good.replace('555100', '555101'), 'platform_sign_invalid'],
      ['repeated key', `${good}&auth_date=1`, 'platform_sign_invalid'],
      ['no hash', good.replace(/&hash=[0-9a-f]+/, ''), 'platform_sign_invalid'],
      ['stale', initData(555100, clock.now - 3700_000), 'platform_payload_expired'],
      ['from the future', initData(555100, clock.now + 600_000), 'platform_payload_expired'],
      ['another bot', initData(555100, clock.now, {}, TEST_BOTS['gem-garden'].token), 'platform_sign_invalid'],
    ];
    for (const [what, data, code] of cases) {
      const response = await signInWithTelegram(app, data);
      expect(response.statusCode, what).toBe(401);
      expect(response.json().ErrorCode, what).toBe(code);
    }
    const made = await database.handle.db
      .selectFrom('social_identifiers')
      .select('identifier')
      .where('type', '=', 'Telegram')
      .where('identifier', '=', '555100')
      .execute();
    expect(made).toEqual([]);
  });

  it('asks for the login block, and refuses a game not on Telegram', async () => {
    const { app } = testApp();
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_social',
      payload: { Social: 'Telegram', Game: 'sky-runner' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ErrorCode).toBe('validation_failed');
    expect(JSON.stringify(missing.json())).toContain('Telegram payload is required for Telegram login');
    const notThere = await signInWithTelegram(app, initData(555200, testApp().clock.now), 'gem-garden');
    expect(notThere.statusCode).toBe(404);
    expect(notThere.json().ErrorCode).toBe('game_not_on_platform');
  });
});
