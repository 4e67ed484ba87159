import { generateKeyPair, SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { bearer, signIn } from '../../../test/sign-in.js';
import { storePost } from '../../../test/store.js';
import { WRAPPER_TOKEN_TTL_S } from './wrapper-token.js';

const PATHS = {
  FxLauncher: (game: string) => `/api/v1/ftl_integration/${game}/launcher/sign_in_token`,
  FxNative: (game: string) => `/api/v1/native/sign_in_token/${game}`,
} as const;
type Wrapper = keyof typeof PATHS;

/**
 * FxLauncher and FxNative: the wrapper's own session asks for a sign-in token; the page it opens
 * signs that account in with it (authenticate_from_social, `{Wrapper}Login {Token}`), once.
 */
describeEachEngine('sign-in through our launcher and native wrapper', (engine) => {
  const testApp = useTestApp(engine);
  let players = 0;
  const profile = async (session: string) =>
    (
      await testApp().app.inject({ method: 'POST', url: '/api/v1/profile', headers: bearer(session), payload: {} })
    ).json();
  const player = async () => {
    const email = `wrapper-${++players}-${engine}@players.test`;
    const session = await signIn(testApp().app, testApp().database.handle.db, email);
    return { session, accountId: (await profile(session)).AccountId as string };
  };
  const tokenFor = async (wrapper: Wrapper, session: string, game = 'sky-runner') => {
    const response = await testApp().app.inject({
      method: 'POST',
      url: PATHS[wrapper](game),
      headers: bearer(session),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { Token: string; ExpiresAt: number };
  };
  const signInWith = (wrapper: Wrapper, token: string, game = 'sky-runner') =>
    testApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_social',
      payload: { Social: wrapper, Game: game, [`${wrapper}Login`]: { Token: token } },
    });

  it.each(['FxLauncher', 'FxNative'] as const)(
    '%s: the token signs in the wrapper’s own account, once',
    async (wrapper) => {
      const { session, accountId } = await player();
      const issued = await tokenFor(wrapper, session);
      expect(issued.ExpiresAt).toBe(testApp().clock.now - (testApp().clock.now % 1000) + WRAPPER_TOKEN_TTL_S * 1000);
      const first = await signInWith(wrapper, issued.Token);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ Token: expect.any(String), AccountId: accountId });
      expect(first.json().Token).not.toBe(session);
      expect((await profile(first.json().Token)).AccountId).toBe(accountId);
      // Replayed, even several at once: refused, and no second session.
      const again = await Promise.all([1, 2, 3].map(() => signInWith(wrapper, issued.Token)));
      expect(again.map((answer) => answer.json().ErrorCode)).toEqual(Array(3).fill('platform_payload_expired'));
    },
  );

  it('concurrent uses of one fresh token: exactly one signs in', async () => {
    const { session } = await player();
    const { Token } = await tokenFor('FxLauncher', session);
    const answers = await Promise.all(Array.from({ length: 5 }, () => signInWith('FxLauncher', Token)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('expired, another game’s, the other wrapper’s, tampered and forged tokens are refused', async () => {
    const { session } = await player();
    const code = async (answer: Promise<{ json(): { ErrorCode?: string } }>) => (await answer).json().ErrorCode;

    const old = await tokenFor('FxLauncher', session);
    testApp().clock.now += (WRAPPER_TOKEN_TTL_S + 1) * 1000;
    expect(await code(signInWith('FxLauncher', old.Token))).toBe('platform_payload_expired');

    // Each token is its game's: gem-garden's does not sign in to sky-runner, and it is not on fxnative at all.
    const gemGarden = await tokenFor('FxLauncher', session, 'gem-garden');
    expect(await code(signInWith('FxLauncher', gemGarden.Token))).toBe('platform_sign_invalid');
    const notOn = await testApp().app.inject({
      method: 'POST',
      url: PATHS.FxNative('gem-garden'),
      headers: bearer(session),
    });
    expect(notOn.json().ErrorCode).toBe('game_not_on_platform');
    // The launcher's token is not the native app's.
    const skyRunner = await tokenFor('FxLauncher', session);
    expect(await code(signInWith('FxNative', skyRunner.Token))).toBe('platform_sign_invalid');

    const [header = '', payload = '', signature = ''] = skyRunner.Token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = Buffer.from(
      JSON.stringify({ ...claims, account_id: 'someone-else', sub: 'someone-else' }),
    ).toString('base64url');
    expect(await code(signInWith('FxLauncher', `${header}.${tampered}.${signature}`))).toBe('platform_sign_invalid');

    // Well-formed, but signed by a key fxid never published.
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: JSON.parse(Buffer.from(header, 'base64url').toString()).kid })
      .sign(privateKey);
    expect(await code(signInWith('FxLauncher', forged))).toBe('platform_sign_invalid');
    expect(await code(signInWith('FxLauncher', 'x'.repeat(40)))).toBe('platform_sign_invalid');

    // The untouched token still works: the refusals spent nothing.
    expect((await signInWith('FxLauncher', skyRunner.Token)).statusCode).toBe(200);
  });

  it('a plain GameJwt (what a game page is given) is not a wrapper token', async () => {
    const { session } = await player();
    const launch = await testApp().app.inject({
      method: 'GET',
      url: '/api/v1/play/sky-runner?OtaVersion=1&BuildNumber=1&WebPublishingPlatform=FxLauncher',
      headers: bearer(session),
    });
    const gameJwt = launch.json().GameJwt;
    expect(gameJwt).toEqual(expect.any(String));
    expect((await signInWith('FxLauncher', gameJwt)).json().ErrorCode).toBe('platform_sign_invalid');
  });

  it('issuing needs the wrapper’s session; a missing block is validation_failed', async () => {
    const noBearer = await testApp().app.inject({ method: 'POST', url: PATHS.FxNative('sky-runner') });
    expect(noBearer.statusCode).toBe(401);
    const missing = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_social',
      payload: { Social: 'FxNative', Game: 'sky-runner' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ErrorCode).toBe('validation_failed');
  });

  it('the launcher sells through the web checkout, the native app through the device store', async () => {
    const availability = async (WebPublishingPlatform: string) =>
      (await storePost(testApp().app, '/store_availability', { Game: 'sky-runner', WebPublishingPlatform })).json();
    expect(await availability('FxLauncher')).toMatchObject({
      Available: true,
      PaymentChannel: 'Web',
      PaymentProvider: 'sandbox',
    });
    expect(await availability('FxNative')).toMatchObject({ Available: true, PaymentChannel: 'Platform' });
    const { session } = await player();
    const created = await storePost(
      testApp().app,
      '/create_payment',
      { Game: 'sky-runner', Sku: 'stars_100', WebPublishingPlatform: 'FxLauncher' },
      session,
    );
    expect(created.statusCode, created.body).toBe(200);
  });
});
