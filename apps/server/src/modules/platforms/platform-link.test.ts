import { expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { signIn as signInByEmail } from '../../test/sign-in.js';
import { signInWithVk, TEST_VK_CONFIG, vkLaunchQuery } from './vk/vk-test-support.js';

describeEachEngine('Adding a platform identity to a signed-in account (POST /auth/link_social)', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, vkcom: TEST_VK_CONFIG } });
  const link = (bearer: string, payload: Record<string, unknown>) =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/link_social',
      headers: { authorization: `Bearer ${bearer}` },
      payload,
    });
  const vkBlock = (userId: string, extra: Record<string, string> = {}) => ({
    Social: 'VkontakteCom',
    Game: 'sky-runner',
    VkontakteComLogin: { QueryString: vkLaunchQuery(userId, testApp().clock.now, extra) },
  });

  it('links the VK identity of a game to an email account; the VK launch then signs in to it', async () => {
    const { app, database } = testApp();
    const bearer = await signInByEmail(app, database.handle.db, 'platform.linker@example.com');
    const linked = await link(bearer, vkBlock('880001'));
    expect(linked.statusCode).toBe(200);
    expect(linked.json().SocialIdentifiers).toEqual([
      { Type: 'Email', Id: 'platform.linker@example.com' },
      { Type: 'VkontakteCom', Id: '880001' },
    ]);
    const viaVk = await signInWithVk(app, vkLaunchQuery('880001', testApp().clock.now));
    expect(viaVk.json().AccountId).toBe(linked.json().AccountId);
    // The holder finds each of its identity types, the platform's included.
    for (const [type, id] of [
      ['VkontakteCom', '880001'],
      ['Email', 'platform.linker@example.com'],
    ]) {
      const exists = await app.inject({
        method: 'GET',
        url: `/api/v1/info/check_account_exists_by_social_identifier/sky-runner/${type}/${id}`,
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(exists.json()).toEqual({ Exists: true });
    }
  });

  it('refuses a forged payload, a missing block and an identity another account holds', async () => {
    const { app, database } = testApp();
    const bearer = await signInByEmail(app, database.handle.db, 'platform.refused@example.com');
    const forged = vkBlock('880002');
    forged.VkontakteComLogin.QueryString = forged.VkontakteComLogin.QueryString.replace('880002', '880003');
    expect((await link(bearer, forged)).json()).toMatchObject({ ErrorCode: 'platform_sign_invalid' });
    const missing = await link(bearer, { Social: 'VkontakteCom', Game: 'sky-runner' });
    expect(missing.json().detail).toContain('VK payload is required for VK login');
    const owner = (await signInWithVk(app, vkLaunchQuery('880004', testApp().clock.now))).json();
    const taken = await link(bearer, vkBlock('880004'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ ErrorCode: 'identity_taken' });
    expect((await signInWithVk(app, vkLaunchQuery('880004', testApp().clock.now))).json().AccountId).toBe(
      owner.AccountId,
    );
  });
});
