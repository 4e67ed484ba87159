import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { countRows, describeEachEngine } from '../../../test/databases.js';
import { DEV_VK_APP_SECRET } from './vk-config.js';
import { signInWithVk, TEST_VK_CONFIG, vkLaunchQuery } from './vk-test-support.js';

/** POST /auth/authenticate_from_social with VK launch parameters; security.md §12 rows 1–5. */
describeEachEngine('VK sign-in from launch parameters', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, vkcom: TEST_VK_CONFIG } });
  const accounts = async () => countRows(testApp().database.handle.db, 'accounts');
  const profile = (token: string) =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });

  it('first sight makes the account and its VK identity; later sight returns the same account', async () => {
    const { app, clock } = testApp();
    const before = await accounts();
    const first = await signInWithVk(app, vkLaunchQuery('100001', clock.now));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      AuthenticatedSocialIdentifierType: 'VkontakteCom',
      AuthenticatedSocialIdentifier: '100001',
    });
    expect(await accounts()).toBe(before + 1);
    const account = (await profile(body.Token)).json();
    expect(account).toMatchObject({ AccountId: body.AccountId, Email: null, Guest: false, Locale: 'ru' });
    expect(account.SocialIdentifiers).toEqual([{ Type: 'VkontakteCom', Id: '100001' }]);

    const again = await signInWithVk(app, vkLaunchQuery('100001', clock.now), { Social: 3 });
    expect(again.statusCode).toBe(200);
    expect(again.json().AccountId).toBe(body.AccountId);
    expect(again.json().Token).not.toBe(body.Token);
    expect(await accounts()).toBe(before + 1);
  });

  it('five first sign-ins of one VK user at once make one account', async () => {
    const { app, clock } = testApp();
    const before = await accounts();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => signInWithVk(app, vkLaunchQuery('100002', clock.now))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().AccountId)).size).toBe(1);
    expect(await accounts()).toBe(before + 1);
  });

  const refused = async (queryString: string, code: string) => {
    const before = await accounts();
    const response = await signInWithVk(testApp().app, queryString);
    expect(response.statusCode).toBe(401);
    expect(response.json().ErrorCode).toBe(code);
    expect(await accounts()).toBe(before);
  };

  it('row 1: forged sign → 401 platform_sign_invalid, no account', async () => {
    const good = vkLaunchQuery('100003', testApp().clock.now);
    const forged = good.replace(/sign=(.)/, (_m, c: string) => `sign=${c === 'A' ? 'B' : 'A'}`);
    await refused(forged, 'platform_sign_invalid');
    await refused(vkLaunchQuery('100003', testApp().clock.now, {}, 'another-apps-secret-key'), 'platform_sign_invalid');
  });

  it('row 2: tampered vk_user_id → 401 platform_sign_invalid', async () => {
    const good = vkLaunchQuery('100004', testApp().clock.now);
    await refused(good.replace('vk_user_id=100004', 'vk_user_id=100001'), 'platform_sign_invalid');
  });

  it('row 3: duplicate vk_user_id → 401 platform_sign_invalid', async () => {
    const good = vkLaunchQuery('100005', testApp().clock.now);
    await refused(`${good}&vk_user_id=100001`, 'platform_sign_invalid');
    await refused(good.replace('?', '?vk_user_id=100001&'), 'platform_sign_invalid');
  });

  it('row 4: stale vk_ts → 401 platform_payload_expired; another vk_app_id → 401 platform_app_mismatch', async () => {
    const now = testApp().clock.now;
    await refused(vkLaunchQuery('100006', now, { vk_ts: String(now / 1000 - 7201) }), 'platform_payload_expired');
    await refused(vkLaunchQuery('100006', now, { vk_ts: String(now / 1000 + 3600) }), 'platform_payload_expired');
    await refused(vkLaunchQuery('100006', now, { vk_app_id: '7654321' }), 'platform_app_mismatch');
  });

  it('row 5: unsigned extras and a hash fragment are ignored; the identity is the signed vk_user_id', async () => {
    const { app, clock } = testApp();
    const query = `${vkLaunchQuery('100007', clock.now)}&is_admin=1&user_id=1#vk_user_id=1`;
    const response = await signInWithVk(app, query);
    expect(response.statusCode).toBe(200);
    expect(response.json().AuthenticatedSocialIdentifier).toBe('100007');
  });

  it('a missing VK block, an unsupported platform, an unknown game and an unconfigured game are refused', async () => {
    const { app } = testApp();
    const noBlock = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_social',
      payload: { Social: 'VkontakteCom', Game: 'sky-runner' },
    });
    expect(noBlock.statusCode).toBe(400);
    expect(noBlock.json()).toMatchObject({ ErrorCode: 'validation_failed' });
    expect(noBlock.json().Errors[0].Message).toBe('VK payload is required for VK login');
    // The own site signs players in with its login modal: no platform payload to check.
    const ownSite = await signInWithVk(app, '?x=1', { Social: 'FxId' });
    expect(ownSite.statusCode).toBe(400);
    expect(ownSite.json()).toMatchObject({
      ErrorCode: 'platform_not_supported',
      detail: 'Login provider FxId is not supported.',
    });
    const unknown = await signInWithVk(app, '?x=1', { Game: 'no-such-game' });
    expect(unknown.json()).toMatchObject({ status: 404, ErrorCode: 'game_not_found' });
    const unconfigured = await signInWithVk(app, vkLaunchQuery('100008', testApp().clock.now), { Game: 'gem-garden' });
    expect(unconfigured.json()).toMatchObject({ status: 503, ErrorCode: 'platform_not_configured' });
  });
});

describeEachEngine('VK sign-in in development without VK_APPS', (engine) => {
  const testApp = useTestApp(engine, { platforms: testConfig().platforms });

  it('a demo game signs with the documented dev secret and its catalog app id', async () => {
    const { app, clock } = testApp();
    const query = vkLaunchQuery('100009', clock.now, { vk_app_id: '51000002' }, DEV_VK_APP_SECRET);
    const response = await signInWithVk(app, query, { Game: 'gem-garden' });
    expect(response.statusCode).toBe(200);
    expect(response.json().AuthenticatedSocialIdentifier).toBe('100009');
    const wrongApp = await signInWithVk(app, query, { Game: 'sky-runner' });
    expect(wrongApp.json().ErrorCode).toBe('platform_app_mismatch');
  });
});
