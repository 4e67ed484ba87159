import { createHash, randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { TEST_START, useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { startFakeVkId } from '../../../test/fake-vkid.js';
import { signIn as signInByEmail } from '../../../test/sign-in.js';

// The demo catalog's VK ID app (catalog/demo.yaml, Company.Auth.VkId) and the test server's redirect URL.
const CLIENT_ID = '51999999';
const REDIRECT_URI = 'http://localhost:8080/api/v1/auth/authenticate_to_fxid';
const clock = { now: TEST_START };
const vkid = await startFakeVkId({ [CLIENT_ID]: REDIRECT_URI }, () => clock.now);
afterAll(() => vkid.close());

const base64url = (bytes: Buffer) => bytes.toString('base64url');
/** A browser's PKCE pair (32 random bytes, S256) and nonce, as the portal makes them. */
function browser() {
  const verifier = base64url(randomBytes(32));
  return {
    verifier,
    challenge: base64url(createHash('sha256').update(verifier).digest()),
    nonce: base64url(randomBytes(32)),
  };
}

describeEachEngine('VK ID sign-in (OAuth 2.1 + PKCE against a fake VK ID)', (engine) => {
  const getApp = useTestApp(engine, { vkid: { baseUrl: vkid.url, devStandIn: false } });
  let addresses = 0;
  const post = (url: string, payload: unknown, bearer?: string) => {
    clock.now = getApp().clock.now;
    return getApp().app.inject({
      method: 'POST',
      url,
      payload: payload as Record<string, unknown>,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      remoteAddress: `10.4.0.${++addresses % 250}`,
    });
  };
  const start = async (b: ReturnType<typeof browser>, bearer?: string) => {
    const started = await post(
      '/api/v1/auth/vkid/start',
      { CodeChallenge: b.challenge, BrowserNonce: b.nonce },
      bearer,
    );
    expect(started.statusCode).toBe(200);
    return started.json() as { State: string; AuthorizeUrl: string; RedirectUrl: string };
  };
  /** The player allows the app at VK ID: what VK ID hands back to the redirect URL. */
  const allow = async (authorizeUrl: string, userId: string) => {
    const answer = await vkid.authorize(authorizeUrl, { user_id: userId, first_name: 'Ivan', last_name: 'Petrov' });
    if ('error' in answer) throw new Error(String(answer.error));
    return answer;
  };
  const finish = (
    b: ReturnType<typeof browser>,
    back: Record<string, string>,
    bearer?: string,
    verifier = b.verifier,
  ) =>
    post(
      '/api/v1/auth/authenticate_to_fxid',
      {
        AuthenticationType: 'VkId',
        VkIdLogin: {
          Code: back.code,
          CodeVerifier: verifier,
          DeviceId: back.device_id,
          State: back.state,
          BrowserNonce: b.nonce,
        },
      },
      bearer,
    );
  const signInAs = async (userId: string) => {
    const b = browser();
    const back = await allow((await start(b)).AuthorizeUrl, userId);
    return finish(b, back);
  };
  const accountRows = async () =>
    (await getApp().database.handle.db.selectFrom('accounts').select('id').execute()).length;

  it('signs in through VK ID: the state, challenge and redirect URL go to VK ID; the same VK user returns to one account', async () => {
    const b = browser();
    const started = await start(b);
    expect(started.RedirectUrl).toBe(REDIRECT_URI);
    const authorize = new URL(started.AuthorizeUrl);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${vkid.url}/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      state: started.State,
      code_challenge: b.challenge,
      code_challenge_method: 's256',
      scope: 'vkid.personal_info',
    });
    const signedIn = await finish(b, await allow(started.AuthorizeUrl, '700001'));
    expect(signedIn.statusCode).toBe(200);
    const { Data } = signedIn.json();
    expect(Data.Linked).toBe(false);
    const profile = (await post('/api/v1/profile', {}, Data.Token)).json();
    expect(profile).toMatchObject({ AccountId: Data.AccountId, Name: 'Ivan Petrov', HasEmail: false });
    expect(profile.SocialIdentifiers).toEqual([{ Type: 'VkontakteComOauth', Id: '700001' }]);
    expect((await signInAs('700001')).json().Data.AccountId).toBe(Data.AccountId);
  });

  it('refuses a wrong PKCE verifier, and makes no account', async () => {
    const before = await accountRows();
    const b = browser();
    const back = await allow((await start(b)).AuthorizeUrl, '700002');
    const refused = await finish(b, back, undefined, browser().verifier);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ ErrorCode: 'platform_sign_invalid' });
    expect(await accountRows()).toBe(before);
  });

  it('refuses a forged state, and a state started in another browser (which may still finish it)', async () => {
    const b = browser();
    const back = await allow((await start(b)).AuthorizeUrl, '700003');
    const forged = await finish(b, { ...back, state: base64url(randomBytes(32)) });
    expect(forged.json()).toMatchObject({ ErrorCode: 'invalid_token' });
    const otherBrowser = await finish({ ...b, nonce: browser().nonce }, back);
    expect(otherBrowser.statusCode).toBe(400);
    expect(otherBrowser.json()).toMatchObject({ ErrorCode: 'invalid_token' });
    expect((await finish(b, back)).statusCode).toBe(200);
  });

  it('refuses a replayed code: the same request again, and the code under a new state', async () => {
    const b = browser();
    const back = await allow((await start(b)).AuthorizeUrl, '700004');
    expect((await finish(b, back)).statusCode).toBe(200);
    expect((await finish(b, back)).json()).toMatchObject({ ErrorCode: 'invalid_token' });
    // A fresh state of the same browser and challenge: VK ID itself refuses the spent code.
    const again = await start(b);
    const replayed = await finish(b, { ...back, state: again.State });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ ErrorCode: 'platform_sign_invalid' });
    expect(replayed.json().detail).toContain('code has already been used');
  });

  it('refuses a forged code and an expired sign-in', async () => {
    const b = browser();
    const back = await allow((await start(b)).AuthorizeUrl, '700005');
    const forged = await finish(b, { ...back, code: `vk2.a.${base64url(randomBytes(24))}` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().detail).toContain('code is invalid');
    const late = browser();
    const lateBack = await allow((await start(late)).AuthorizeUrl, '700005');
    getApp().clock.now += 10 * 60_000 + 1;
    const expired = await finish(late, lateBack);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ ErrorCode: 'expired_token' });
  });

  it("answers the spec's errors for a missing VK payload and an unsupported provider", async () => {
    const missing = await post('/api/v1/auth/authenticate_to_fxid', { AuthenticationType: 'VkId' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      ErrorCode: 'validation_failed',
      detail: expect.stringContaining('VK payload is required for VK login'),
    });
    const steam = await post('/api/v1/auth/authenticate_to_fxid', { AuthenticationType: 'Steam' });
    expect(steam.json()).toMatchObject({
      ErrorCode: 'platform_not_supported',
      detail: 'Login provider Steam is not supported.',
    });
  });

  it("forwards VK ID's redirect to the portal page that holds the verifier, and nothing else", async () => {
    const redirect = await getApp().app.inject({
      method: 'GET',
      url: '/api/v1/auth/authenticate_to_fxid?code=c1&state=s1&device_id=d1&type=code_v2&expires_in=600&evil=1',
    });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/LoginVkId?code=c1&state=s1&device_id=d1&expires_in=600&type=code_v2');
  });

  it('adds VK ID to a signed-in email account; both then sign in to it, and the holder finds it', async () => {
    const { app, database } = getApp();
    const bearer = await signInByEmail(app, database.handle.db, 'vk.linker@example.com');
    const b = browser();
    const back = await allow((await start(b, bearer)).AuthorizeUrl, '700006');
    // Finished without the session that started it: refused (a link cannot be turned into a sign-in).
    expect((await finish(b, back)).json()).toMatchObject({ ErrorCode: 'invalid_token' });
    const linked = await finish(b, back, bearer);
    expect(linked.statusCode).toBe(200);
    expect(linked.json().Data).toMatchObject({ Token: bearer, Linked: true });
    const profile = (await post('/api/v1/profile', {}, bearer)).json();
    expect(profile.SocialIdentifiers).toEqual([
      { Type: 'Email', Id: 'vk.linker@example.com' },
      { Type: 'VkontakteComOauth', Id: '700006' },
    ]);
    expect((await signInAs('700006')).json().Data.AccountId).toBe(profile.AccountId);
    const exists = await app.inject({
      method: 'GET',
      url: '/api/v1/info/check_account_exists_by_social_identifier/sky-runner/VkontakteComOauth/700006',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(exists.json()).toEqual({ Exists: true });
  });

  it('refuses VK ID another account holds, with identity_taken, and leaves it there', async () => {
    const owner = (await signInAs('700007')).json().Data;
    const { app, database } = getApp();
    const bearer = await signInByEmail(app, database.handle.db, 'vk.taker@example.com');
    const b = browser();
    const refused = await finish(b, await allow((await start(b, bearer)).AuthorizeUrl, '700007'), bearer);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ ErrorCode: 'identity_taken' });
    expect((await signInAs('700007')).json().Data.AccountId).toBe(owner.AccountId);
  });

  it('refuses removing VK ID when it is the only way into the account', async () => {
    const only = (await signInAs('700008')).json().Data;
    const removed = await post(
      '/api/v1/profile/remove_sign_in_method',
      { Type: 'VkontakteComOauth', Id: '700008' },
      only.Token,
    );
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ ErrorCode: 'last_sign_in_method' });
  });
});
