import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { useTestApp } from '../../../test/app.js';
import { countRows, describeEachEngine } from '../../../test/databases.js';
import {
  OTHER_GAME_KONGREGATE_API_KEY,
  signInWithKongregate,
  TEST_KONGREGATE_API_KEY,
  useFakeKongregate,
} from './kg-test-support.js';

/** POST /auth/authenticate_from_social with Kongregate's user id and game auth token, checked at Kongregate. */
describeEachEngine('Kongregate sign-in through the authenticate API', (engine) => {
  const kongregate = useFakeKongregate();
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, kg: kongregate.config } });
  const accounts = async () => countRows(testApp().database.handle.db, 'accounts');
  const refused = async (block: { UserId: string; GameAuthToken: string }, code: string, status = 401) => {
    const before = await accounts();
    const response = await signInWithKongregate(testApp().app, block);
    expect(response.statusCode).toBe(status);
    expect(response.json().ErrorCode).toBe(code);
    expect(await accounts()).toBe(before);
  };

  it('a token Kongregate authenticates makes the account and its Kongregate identity; again, the same account', async () => {
    const token = kongregate.fake.addUser(TEST_KONGREGATE_API_KEY, '1001', 'kong_player');
    const before = await accounts();
    const first = await signInWithKongregate(testApp().app, { UserId: '1001', GameAuthToken: token });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      AuthenticatedSocialIdentifierType: 'Kongregate',
      AuthenticatedSocialIdentifier: '1001',
    });
    const profile = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${body.Token}` },
      payload: {},
    });
    expect(profile.json()).toMatchObject({ Email: null, Name: 'kong_player' });
    const again = await signInWithKongregate(testApp().app, { UserId: '1001', GameAuthToken: token }, { Social: 6 });
    expect(again.json().AccountId).toBe(body.AccountId);
    expect(await accounts()).toBe(before + 1);
  });

  it('a forged token, another user’s id with one’s own token, another game’s token → 401 platform_sign_invalid', async () => {
    const own = kongregate.fake.addUser(TEST_KONGREGATE_API_KEY, '1002', 'alice');
    kongregate.fake.addUser(TEST_KONGREGATE_API_KEY, '1003', 'bob');
    await refused({ UserId: '1002', GameAuthToken: 'f'.repeat(48) }, 'platform_sign_invalid');
    await refused({ UserId: '1003', GameAuthToken: own }, 'platform_sign_invalid');
    // Kongregate knows this player only in another game (another API key).
    const elsewhere = kongregate.fake.addUser(OTHER_GAME_KONGREGATE_API_KEY, '1004', 'carol');
    await refused({ UserId: '1004', GameAuthToken: elsewhere }, 'platform_sign_invalid');
  });

  it('a guest (user id 0) is refused by validation; Kongregate down → 503, nothing written', async () => {
    await refused({ UserId: '0', GameAuthToken: 'x' }, 'validation_failed', 400);
    const token = kongregate.fake.addUser(TEST_KONGREGATE_API_KEY, '1005', 'dave');
    kongregate.fake.down(true);
    try {
      await refused({ UserId: '1005', GameAuthToken: token }, 'service_unavailable', 503);
    } finally {
      kongregate.fake.down(false);
    }
  });
});
