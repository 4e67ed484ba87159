import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import {
  signInWithVkPlay,
  TEST_VKPLAY_APP,
  TEST_VKPLAY_CONFIG,
  TEST_VKPLAY_OTHER_APP,
  vkPlayLaunchQuery,
  vkPlaySigned,
} from './vkplay-test-support.js';

/** Sign-in by VK Play's signed launch parameters (POST /auth/authenticate_from_social, Social VkontaktePlay). */
describeEachEngine('VK Play sign-in', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, vkplay: TEST_VKPLAY_CONFIG } });
  const accounts = () => testApp().database.handle.db.selectFrom('accounts').select('id').execute();

  it('makes an account on first sight and returns the same one later', async () => {
    const first = await signInWithVkPlay(testApp().app, vkPlayLaunchQuery('1234567890'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      AuthenticatedSocialIdentifierType: 'VkontaktePlay',
      AuthenticatedSocialIdentifier: '1234567890',
    });
    const again = await signInWithVkPlay(testApp().app, vkPlayLaunchQuery('1234567890', { hash: 'other' }));
    expect(again.json().AccountId).toBe(first.json().AccountId);
  });

  it('refuses forged, tampered, cross-game and malformed launches with stable codes and writes nothing', async () => {
    const before = (await accounts()).length;
    const refuse = async (query: string, code: string, body: Record<string, unknown> = {}) => {
      const response = await signInWithVkPlay(testApp().app, query, body);
      expect([response.statusCode, response.json().ErrorCode]).toEqual([401, code]);
    };
    // Forged: signed with another secret.
    await refuse(vkPlayLaunchQuery('555', {}, 'not-the-secret-of-this-app'), 'platform_sign_invalid');
    // Tampered: another uid after signing.
    await refuse(vkPlayLaunchQuery('555').replace('uid=555', 'uid=556'), 'platform_sign_invalid');
    // A repeated key, a missing sign, a guest launch without uid.
    await refuse(`${vkPlayLaunchQuery('555')}&uid=556`, 'platform_sign_invalid');
    await refuse(`?appid=${TEST_VKPLAY_APP.appId}&uid=555`, 'platform_sign_invalid');
    await refuse(`?${vkPlaySigned({ appid: TEST_VKPLAY_APP.appId })}`, 'platform_sign_invalid');
    // Cross-game: gem-garden's own VK Play launch used for sky-runner, and sky-runner's for gem-garden.
    const gemGarden = `?${vkPlaySigned({ appid: TEST_VKPLAY_OTHER_APP.appId, uid: '555' }, TEST_VKPLAY_OTHER_APP.secret)}`;
    await refuse(gemGarden, 'platform_sign_invalid');
    await refuse(vkPlayLaunchQuery('555'), 'platform_sign_invalid', { Game: 'gem-garden' });
    // Signed with the right secret but naming another app.
    await refuse(vkPlayLaunchQuery('555', { appid: TEST_VKPLAY_OTHER_APP.appId }), 'platform_app_mismatch');
    expect((await accounts()).length).toBe(before);
  });

  it('asks for the VK Play block and answers 503 for a game without a VK Play app here', async () => {
    const missing = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_social',
      payload: { Social: 'VkontaktePlay', Game: 'sky-runner' },
    });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('VK Play payload is required for VK Play login');
  });
});

describeEachEngine('VK Play sign-in without an app', (engine) => {
  const testApp = useTestApp(engine, {
    platforms: { ...testConfig().platforms, vkplay: { ...TEST_VKPLAY_CONFIG, apps: {} } },
  });
  it('answers 503 platform_not_configured', async () => {
    const response = await signInWithVkPlay(testApp().app, vkPlayLaunchQuery('555'));
    expect([response.statusCode, response.json().ErrorCode]).toEqual([503, 'platform_not_configured']);
  });
});
