import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { countRows, describeEachEngine } from '../../../test/databases.js';
import { type VkOpenApiSession, verifyVkOpenApiSession, vkOpenApiSig } from './vk-openapi-session.js';
import { signInWithVk, TEST_VK_APP, TEST_VK_CONFIG, vkLaunchQuery } from './vk-test-support.js';

const URL_ = '/api/v1/auth/authenticate_from_vkontaktecom_openapi';

/** A session as openapi.js hands it to the site: signed by VK with the app's secure key. */
function openApiSession(mid: string, expireMs: number, secret = TEST_VK_APP.secret): VkOpenApiSession {
  const fields = { expire: Math.floor(expireMs / 1000), mid, secret: 'f3a1c2d4e5', sid: `sid${mid}abcdef0123456789` };
  return { ...fields, sig: vkOpenApiSig(fields, secret) };
}

it("sig is VK's md5 of the sorted fields followed by the secure key", () => {
  // md5("expire=1271238742mid=100172secret=97c1e8933esid=333947c8e23a23b2a3d6f2b2b6b2e0a1" + "testsecret"), by hand.
  const session = { expire: 1271238742, mid: '100172', secret: '97c1e8933e', sid: '333947c8e23a23b2a3d6f2b2b6b2e0a1' };
  const expected = createHash('md5')
    .update('expire=1271238742mid=100172secret=97c1e8933esid=333947c8e23a23b2a3d6f2b2b6b2e0a1testsecret')
    .digest('hex');
  expect(vkOpenApiSig(session, 'testsecret')).toBe(expected);
  const signed = { ...session, sig: expected };
  expect(verifyVkOpenApiSession(signed, ['testsecret'], 1271238741_000)).toEqual({ ok: true, userId: '100172' });
  expect(verifyVkOpenApiSession(signed, ['testsecret'], 1271238742_000)).toEqual({ ok: false, failure: 'expired' });
  expect(verifyVkOpenApiSession({ ...signed, mid: '100173' }, ['testsecret'], 0)).toEqual({
    ok: false,
    failure: 'bad_sign',
  });
});

/** POST /auth/authenticate_from_vkontaktecom_openapi; attacks: forged, tampered, expired, other app. */
describeEachEngine('VK Open API sign-in', (engine) => {
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, vkcom: TEST_VK_CONFIG } });
  let address = 0;
  const post = (payload: Record<string, unknown>) =>
    testApp().app.inject({ method: 'POST', url: URL_, payload, remoteAddress: `10.7.0.${++address % 250}` });
  const accounts = async () => countRows(testApp().database.handle.db, 'accounts');

  it('a valid session signs in as the VK user, the same account a VK Mini App launch of that user reaches', async () => {
    const { app, clock } = testApp();
    const answer = await post({
      Game: 'sky-runner',
      VkSession: openApiSession('300001', clock.now + 3600_000),
      VkSessionUser: { FirstName: 'Ivan', LastName: 'Petrov', Email: 'not-trusted@example.com' },
      Locale: 'ru',
    });
    expect(answer.statusCode).toBe(200);
    const { Token, AccountId } = answer.json();
    const profile = await app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${Token}` },
      payload: {},
    });
    expect(profile.json()).toMatchObject({ AccountId, Email: null, Name: 'Ivan Petrov' });
    expect(profile.json().SocialIdentifiers).toEqual([{ Type: 'VkontakteCom', Id: '300001' }]);
    const launch = await signInWithVk(app, vkLaunchQuery('300001', clock.now));
    expect(launch.json().AccountId).toBe(AccountId);
  });

  it('refuses a forged, tampered, expired or other app session, and creates nothing', async () => {
    const { clock } = testApp();
    const before = await accounts();
    const good = openApiSession('300002', clock.now + 3600_000);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, sig: '0'.repeat(32) }, 401, 'platform_sign_invalid'],
      [{ ...good, mid: '300003' }, 401, 'platform_sign_invalid'],
      [{ ...good, expire: good.expire + 86_400 }, 401, 'platform_sign_invalid'],
      [openApiSession('300002', clock.now + 3600_000, 'secure-key-of-another-vk-app'), 401, 'platform_sign_invalid'],
      [openApiSession('300002', clock.now - 1000), 401, 'platform_payload_expired'],
    ];
    for (const [VkSession, status, code] of cases) {
      const answer = await post({ Game: 'sky-runner', VkSession });
      expect([answer.statusCode, answer.json().ErrorCode]).toEqual([status, code]);
    }
    expect(await accounts()).toBe(before);
  });

  it("a session for sky-runner's app does not sign in through a game without a VK app", async () => {
    const { clock } = testApp();
    const answer = await post({ Game: 'gem-garden', VkSession: openApiSession('300004', clock.now + 3600_000) });
    expect([answer.statusCode, answer.json().ErrorCode]).toEqual([503, 'platform_not_configured']);
  });

  it('no session: the spec message; an unknown game: game_not_found', async () => {
    const missing = await post({ Game: 'sky-runner' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain('VK payload is required for VK login');
    const unknown = await post({ Game: 'no-such-game', VkSession: openApiSession('300005', Date.now() + 3600_000) });
    expect(unknown.json().ErrorCode).toBe('game_not_found');
  });
});
