import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { agGameSid, agLaunchQuery, signInWithAg, TEST_AG_CONFIG } from './ag-test-support.js';

/** POST /auth/authenticate_from_social with AbsoluteGamesLogin {QueryString, UserAuth}. */
describeEachEngine('Absolute Games sign-in from the iframe parameters', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, ag: TEST_AG_CONFIG } });
  const identities = (ids: string[]) =>
    testApp()
      .database.handle.db.selectFrom('social_identifiers')
      .select('identifier')
      .where('type', 'in', ['AbsoluteGames', 'AbsoluteGamesGuest'])
      .where('identifier', 'in', ids)
      .execute();

  it('first sight makes an account with an AbsoluteGames identity; return finds the same', async () => {
    const { app } = testApp();
    const first = await signInWithAg(app, agLaunchQuery('ag-4711'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      AuthenticatedSocialIdentifierType: 'AbsoluteGames',
      AuthenticatedSocialIdentifier: 'ag-4711',
    });
    const again = await signInWithAg(app, agLaunchQuery('ag-4711'), '', { Social: 5 });
    expect(again.statusCode).toBe(200);
    expect(again.json().AccountId).toBe(first.json().AccountId);
  });

  it('UserAuth (the options the host pushed after login) takes precedence over the launch query', async () => {
    const launchedAsGuest = agLaunchQuery('guest-1', { guest: 'true' });
    const response = await signInWithAg(testApp().app, launchedAsGuest, agLaunchQuery('ag-4712').slice(1));
    expect(response.statusCode).toBe(200);
    expect(response.json().AuthenticatedSocialIdentifier).toBe('ag-4712');
  });

  it('a guest is answered Not authorized and gets no account', async () => {
    const response = await signInWithAg(testApp().app, agLaunchQuery('guest-2', { guest: 'true' }));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ ErrorCode: 'forbidden', detail: 'Not authorized' });
    expect(await identities(['guest-2'])).toEqual([]);
  });

  it.each([
    ['a forged auth_key', agLaunchQuery('ag-1001', {}, 'not-the-secret-of-this-app'), 'platform_sign_invalid'],
    [
      'a tampered player id',
      agLaunchQuery('ag-1001').replace('player_id=ag-1001', 'player_id=ag-1002'),
      'platform_sign_invalid',
    ],
    [
      'a tampered guest flag',
      agLaunchQuery('ag-1001', { guest: 'true' }).replace('guest=true', 'guest=false'),
      'platform_sign_invalid',
    ],
    ['a repeated player id', `${agLaunchQuery('ag-1001')}&player_id=ag-1002`, 'platform_sign_invalid'],
    ['no auth_key', agLaunchQuery('ag-1001').replace(/&auth_key=[^&]*/, ''), 'platform_sign_invalid'],
    ['another game’s app', agLaunchQuery('ag-1001', { app_id: 'ag-other-game' }), 'platform_app_mismatch'],
    [
      'a replayed launch older than a day',
      agLaunchQuery('ag-1001', { game_sid: agGameSid(86_401) }),
      'platform_payload_expired',
    ],
    [
      'a launch dated in the future',
      agLaunchQuery('ag-1001', { game_sid: agGameSid(-3600) }),
      'platform_payload_expired',
    ],
  ])('%s is refused with 401 and makes no account', async (_name, query, code) => {
    const response = await signInWithAg(testApp().app, query);
    expect(response.statusCode).toBe(401);
    expect(response.json().ErrorCode).toBe(code);
    expect(await identities(['ag-1001', 'ag-1002'])).toEqual([]);
  });

  it('a missing login block answers the spec message; a game without an AG app 503', async () => {
    const { app } = testApp();
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_social',
      payload: { Social: 'AbsoluteGames', Game: 'sky-runner' },
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('AbsoluteGames payload is required for AbsoluteGames login');
    const unconfigured = await signInWithAg(app, agLaunchQuery('ag-1003'), '', { Game: 'gem-garden' });
    expect([404, 503]).toContain(unconfigured.statusCode);
    expect(await identities(['ag-1003'])).toEqual([]);
  });
});
