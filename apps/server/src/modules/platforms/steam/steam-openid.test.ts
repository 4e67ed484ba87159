import { expect, it } from 'vitest';
import { testConfig } from '../../../config.js';
import { TEST_START, useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { verifySteamOpenId } from './steam-openid.js';
import { newSteamId, useFakeSteam } from './steam-test-support.js';

/** Steam OpenID 2.0 on the web: GET /auth/steam/openid/start, Steam's answer at /auth/steam/openid/return. */
describeEachEngine('Steam OpenID sign-in', (engine) => {
  const steam = useFakeSteam();
  const testApp = useTestApp(engine, { platforms: { ...testConfig().platforms, steam: steam.config } });
  const origin = () => new URL(testConfig().publicUrl).origin;
  const returnTo = () => `${origin()}/api/v1/auth/steam/openid/return`;
  const assertion = (steamId: string, target = '/play/sky-runner', nonceTime = TEST_START) =>
    steam.openId.assertion(`${returnTo()}?${new URLSearchParams({ ReturnTo: target })}`, steamId, { nonceTime });
  const back = (params: URLSearchParams) =>
    testApp().app.inject({ method: 'GET', url: `/api/v1/auth/steam/openid/return?${params}` });
  const identities = (id: string) =>
    testApp()
      .database.handle.db.selectFrom('social_identifiers')
      .select('identifier')
      .where('type', '=', 'Steam')
      .where('identifier', '=', id)
      .execute();

  it("start sends the browser to Steam's checkid_setup for our callback and realm; a foreign ReturnTo is refused", async () => {
    const start = await testApp().app.inject({
      method: 'GET',
      url: '/api/v1/auth/steam/openid/start?ReturnTo=/play/sky-runner',
    });
    expect(start.statusCode).toBe(302);
    const location = new URL(start.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(steam.config.openIdUrl);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      'openid.ns': 'http://specs.openid.net/auth/2.0',
      'openid.mode': 'checkid_setup',
      'openid.return_to': `${returnTo()}?ReturnTo=%2Fplay%2Fsky-runner`,
      'openid.realm': `${origin()}/`,
      'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
      'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
    });
    const evil = await testApp().app.inject({
      method: 'GET',
      url: '/api/v1/auth/steam/openid/start?ReturnTo=https://evil.example/',
    });
    expect(evil.json().ErrorCode).toBe('redirect_not_allowed');
  });

  it('an assertion Steam confirms signs the SteamID in through a temp token; the same SteamID again is the same account', async () => {
    const steamId = newSteamId();
    const answer = await back(assertion(steamId));
    expect(answer.statusCode).toBe(302);
    const location = new URL(answer.headers.location as string, origin());
    expect(location.pathname).toBe('/LoginWithTempToken');
    const exchanged = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_temp_token',
      payload: { TempToken: location.searchParams.get('token') },
    });
    expect(exchanged.json().TempTokenData.redirect_uri).toBe('/play/sky-runner');
    const profile = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${exchanged.json().Token}` },
      payload: {},
    });
    expect(profile.json().SocialIdentifiers).toContainEqual({ Type: 'Steam', Id: steamId });
    expect((await back(assertion(steamId))).statusCode).toBe(302);
    expect(await identities(steamId)).toHaveLength(1);
  });

  /** Sets (or with `add`, appends) one field of the assertion. */
  const setting =
    (key: string, value: string, add = false) =>
    (params: URLSearchParams) => {
      if (add) params.append(key, value);
      else params.set(key, value);
      return params;
    };
  const otherClaim = () => `https://steamcommunity.com/openid/id/${newSteamId()}`;
  it.each([
    ['a replayed assertion', (params: URLSearchParams) => params],
    [
      'a tampered claimed_id and identity',
      (params: URLSearchParams) => {
        const other = otherClaim();
        return setting('openid.identity', other)(setting('openid.claimed_id', other)(params));
      },
    ],
    ['claimed_id unlike identity', setting('openid.identity', otherClaim())],
    ['another OP endpoint', setting('openid.op_endpoint', 'https://evil.example/openid/login')],
    ['another signed list', setting('openid.signed', 'signed,claimed_id,identity')],
    ['a return_to of another site', setting('openid.return_to', 'https://evil.example/return')],
    ['not id_res', setting('openid.mode', 'cancel')],
    // A field given twice is refused by validation already (each documented openid.* field is one string).
    ['a repeated field', setting('openid.claimed_id', 'x', true)],
  ])('%s is refused and signs nobody in', async (name, tamper) => {
    const steamId = newSteamId();
    const params = assertion(steamId);
    if (name === 'a replayed assertion') expect((await back(new URLSearchParams(params))).statusCode).toBe(302);
    const before = await identities(steamId);
    const answer = await back(tamper(params));
    if (name === 'a repeated field') {
      expect(answer.json().ErrorCode).toBe('validation_failed');
    } else {
      expect(answer.statusCode, name).toBe(401);
      // A replay Steam itself refuses (each nonce is checked once there).
      expect(answer.json().ErrorCode).toBe('platform_sign_invalid');
    }
    expect(await identities(steamId)).toEqual(before);
  });

  it('a nonce our server has seen is refused even when Steam would confirm it again', async () => {
    const params = assertion(newSteamId());
    const check = verifySteamOpenId(params, {
      endpoint: steam.config.openIdUrl,
      checkUrl: steam.config.openIdUrl,
      returnTo: returnTo(),
      nowMs: TEST_START,
      spendNonce: async () => false,
    });
    await expect(check).rejects.toMatchObject({ code: 'platform_payload_expired' });
  });

  it('a stale nonce is refused; Steam rate-limiting check_authentication fails closed (503)', async () => {
    const stale = await back(assertion(newSteamId(), '/', TEST_START - 6 * 60_000));
    expect(stale.json().ErrorCode).toBe('platform_sign_invalid');
    steam.openId.limit(true);
    try {
      const limited = await back(assertion(newSteamId()));
      expect(limited.statusCode).toBe(503);
    } finally {
      steam.openId.limit(false);
    }
  });
});
