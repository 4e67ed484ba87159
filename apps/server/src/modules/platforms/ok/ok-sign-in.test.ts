import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { okLaunchQuery, signInWithOk, TEST_OK_CONFIG } from './ok-test-support.js';

/** POST /auth/authenticate_from_social with OK launch parameters; security.md §12 row 6. */
describeEachEngine('OK sign-in from launch parameters', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, ok: TEST_OK_CONFIG } });
  const profile = (token: string) =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });

  it('first sight makes an account with an Odnoklassniki identity and no email; return finds the same', async () => {
    const { app } = testApp();
    const first = await signInWithOk(app, okLaunchQuery('576148735134'));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      AuthenticatedSocialIdentifierType: 'Odnoklassniki',
      AuthenticatedSocialIdentifier: '576148735134',
    });
    const account = (await profile(body.Token)).json();
    expect(account).toMatchObject({ AccountId: body.AccountId, Email: null, Guest: false });
    expect(account.SocialIdentifiers).toEqual([{ Type: 'Odnoklassniki', Id: '576148735134' }]);
    const again = await signInWithOk(app, okLaunchQuery('576148735134', { session_key: 'another-session' }), {
      Social: 2,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().AccountId).toBe(body.AccountId);
  });

  it.each([
    ['a forged auth_sig', okLaunchQuery('1001', {}, 'not-the-secret-key-of-this-app'), 'platform_sign_invalid'],
    [
      'a tampered user id',
      okLaunchQuery('1001').replace('logged_user_id=1001', 'logged_user_id=1002'),
      'platform_sign_invalid',
    ],
    ['a repeated user id', `${okLaunchQuery('1001')}&logged_user_id=1002`, 'platform_sign_invalid'],
    ['no auth_sig', okLaunchQuery('1001').replace(/&auth_sig=[^&]*/, ''), 'platform_sign_invalid'],
    ['another application', okLaunchQuery('1001', { application_key: 'CBAOTHERAPP' }), 'platform_app_mismatch'],
  ])('%s is refused with 401 and makes no account', async (_name, query, code) => {
    const response = await signInWithOk(testApp().app, query);
    expect(response.statusCode).toBe(401);
    expect(response.json().ErrorCode).toBe(code);
    const identity = await testApp()
      .database.handle.db.selectFrom('social_identifiers')
      .select('identifier')
      .where('type', '=', 'Odnoklassniki')
      .where('identifier', 'in', ['1001', '1002'])
      .execute();
    expect(identity).toEqual([]);
  });

  it('a missing login block answers the spec message; a game without an OK app 503', async () => {
    const { app } = testApp();
    const missing = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_social',
      payload: { Social: 'Odnoklassniki', Game: 'sky-runner' },
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('OK payload is required for OK login');
    const unconfigured = await signInWithOk(app, okLaunchQuery('1003'), { Game: 'gem-garden' });
    expect(unconfigured.statusCode).toBe(503);
  });
});
