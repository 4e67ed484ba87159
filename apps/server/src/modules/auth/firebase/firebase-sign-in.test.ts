import { SignJWT } from 'jose';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { TEST_START, useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { startFirebaseKeysServer } from '../../../test/firebase-keys-server.js';
import { createLocalFirebaseIssuer, type LocalIdTokenInput } from './local-firebase-issuer.js';

// The demo catalog's Firebase project (catalog/demo.yaml).
const PROJECT = 'fxid-demo';
const keys = await startFirebaseKeysServer();
afterAll(() => keys.close());

describeEachEngine('Sign-in through Firebase (Google, Apple, Facebook)', (engine) => {
  const getApp = useTestApp(engine, { firebase: { keysUrl: keys.url, devIssuer: false } });
  beforeEach(() => {
    getApp().clock.now = TEST_START;
  });

  const mint = (overrides: Partial<LocalIdTokenInput> = {}) =>
    keys.issuer.mintIdToken({
      projectId: PROJECT,
      providerId: 'google.com',
      providerUid: 'google-uid-1',
      email: 'ann@example.com',
      name: 'Ann',
      now: getApp().clock.now,
      ...overrides,
    });
  // Each sign-in from an address of its own: the route's rate limit is not what these tests check.
  let addresses = 0;
  const signIn = (Token: string, extra: Record<string, unknown> = {}) =>
    getApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_firebase',
      payload: { Token, GameSystemName: 'sky-runner', ...extra },
      remoteAddress: `10.2.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`,
    });
  const profile = async (bearer: string) =>
    (
      await getApp().app.inject({
        method: 'POST',
        url: '/api/v1/profile',
        headers: { authorization: `Bearer ${bearer}` },
        payload: {},
      })
    ).json();
  const counts = async () => {
    const { db } = getApp().database.handle;
    const count = async (table: 'accounts' | 'sessions') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { accounts: await count('accounts'), sessions: await count('sessions') };
  };
  /** Sends a token that must be refused with `code`, and checks that nothing was written. */
  const expectRefused = async (token: string, code: string) => {
    const before = await counts();
    const response = await signIn(token);
    expect(response.json().ErrorCode).toBe(code);
    expect(response.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  };

  it('signs in with a Google ID token, makes the account once, and finds it again with a new token', async () => {
    const first = await signIn(await mint());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      AuthenticatedSocialIdentifierType: 'Google',
      AuthenticatedSocialIdentifier: 'google-uid-1',
    });
    const account = await profile(first.json().Token);
    expect(account.AccountId).toBe(first.json().AccountId);
    expect(account.SocialIdentifiers).toEqual([{ Type: 'Google', Id: 'google-uid-1' }]);
    expect(account.Name).toBe('Ann');
    expect(account.MarketingEnabled).toBe(false);

    getApp().clock.now += 60_000;
    const again = await signIn(await mint());
    expect(again.statusCode).toBe(200);
    expect(again.json().AccountId).toBe(first.json().AccountId);
    expect(again.json().Token).not.toBe(first.json().Token);
  });

  it('finds the Google identity by check_account_exists_by_social_identifier, for its holder', async () => {
    const session = (await signIn(await mint({ providerUid: 'google-uid-lookup' }))).json().Token;
    const lookup = await getApp().app.inject({
      method: 'GET',
      url: '/api/v1/info/check_account_exists_by_social_identifier/sky-runner/Google/google-uid-lookup',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().Exists).toBe(true);
  });

  it('gives Apple and Facebook sign-ins identities of their own type', async () => {
    const apple = await signIn(await mint({ providerId: 'apple.com', providerUid: 'apple-uid-1' }));
    const facebook = await signIn(await mint({ providerId: 'facebook.com', providerUid: 'fb-uid-1' }));
    expect(apple.json().AuthenticatedSocialIdentifierType).toBe('Apple');
    expect(facebook.json().AuthenticatedSocialIdentifierType).toBe('Facebook');
    expect(apple.json().AccountId).not.toBe(facebook.json().AccountId);
    expect((await profile(facebook.json().Token)).SocialIdentifiers).toEqual([{ Type: 'Facebook', Id: 'fb-uid-1' }]);
  });

  it('stores the marketing consent given at sign-in', async () => {
    const response = await signIn(await mint({ providerUid: 'google-uid-marketing' }), { MarketingEnabled: true });
    expect(response.statusCode).toBe(200);
    expect((await profile(response.json().Token)).MarketingEnabled).toBe(true);
  });

  it('refuses a replayed token: each ID token signs in once', async () => {
    const token = await mint({ providerUid: 'google-uid-replay' });
    expect((await signIn(token)).statusCode).toBe(200);
    await expectRefused(token, 'invalid_token');
  });

  it('refuses a replayed token sent twice at once: one session only', async () => {
    const token = await mint({ providerUid: 'google-uid-race' });
    const answers = await Promise.all([signIn(token), signIn(token), signIn(token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('refuses a forged token: signed by another key under the published kid', async () => {
    const forger = await createLocalFirebaseIssuer();
    const forged = await forger.mintIdToken({
      projectId: PROJECT,
      providerId: 'google.com',
      providerUid: 'google-uid-forged',
      now: getApp().clock.now,
      header: { kid: keys.issuer.kid },
    });
    await expectRefused(forged, 'invalid_token');
  });

  it('refuses a token whose claims were changed after signing', async () => {
    const [header, payload, signature] = (await mint({ providerUid: 'google-uid-tampered' })).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    claims.firebase.identities['google.com'] = ['google-uid-victim'];
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    await expectRefused(tampered, 'invalid_token');
  });

  it('refuses an expired token', async () => {
    const token = await mint({ providerUid: 'google-uid-expired' });
    getApp().clock.now += 3600_000 + 10_000;
    await expectRefused(token, 'expired_token');
  });

  it('refuses a token for another audience, another issuer or another project', async () => {
    await expectRefused(await mint({ claims: { aud: 'other-project' } }), 'invalid_token');
    await expectRefused(
      await mint({ claims: { iss: 'https://securetoken.google.com/other-project' } }),
      'invalid_token',
    );
    await expectRefused(await mint({ projectId: 'other-project' }), 'invalid_token');
    // A custom token (minted for identitytoolkit) in place of an ID token.
    await expectRefused(
      await mint({
        claims: { aud: 'https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit' },
      }),
      'invalid_token',
    );
  });

  it('refuses tokens issued or authenticated in the future, and tokens without a subject', async () => {
    const later = Math.floor(getApp().clock.now / 1000) + 600;
    await expectRefused(await mint({ claims: { auth_time: later } }), 'invalid_token');
    await expectRefused(await mint({ claims: { iat: later } }), 'invalid_token');
    await expectRefused(await mint({ claims: { sub: '' } }), 'invalid_token');
    await expectRefused(await mint({ claims: { sub: 'x'.repeat(129) } }), 'invalid_token');
    await expectRefused(await mint({ claims: { auth_time: undefined } }), 'invalid_token');
  });

  it('refuses unsigned (emulator) tokens, HS256 tokens and tokens with an unknown kid', async () => {
    const claims = {
      iss: `https://securetoken.google.com/${PROJECT}`,
      aud: PROJECT,
      sub: 'uid-unsigned',
      auth_time: Math.floor(TEST_START / 1000),
      firebase: { sign_in_provider: 'google.com', identities: { 'google.com': ['google-uid-unsigned'] } },
    };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const iat = Math.floor(TEST_START / 1000);
    const body = { ...claims, iat, exp: iat + 3600 };
    await expectRefused(`${encode({ alg: 'none', kid: keys.issuer.kid })}.${encode(body)}.`, 'invalid_token');
    const hs256 = await new SignJWT(body)
      .setProtectedHeader({ alg: 'HS256', kid: keys.issuer.kid })
      .sign(new TextEncoder().encode(JSON.stringify(keys.issuer.jwks())));
    await expectRefused(hs256, 'invalid_token');
    await expectRefused(await mint({ header: { kid: 'unknown-kid' } }), 'invalid_token');
    await expectRefused(await mint({ header: { kid: undefined } }), 'invalid_token');
  });

  it('refuses sign-in providers other than Google, Apple and Facebook', async () => {
    await expectRefused(await mint({ providerId: 'password', providerUid: 'someone' }), 'invalid_token');
    await expectRefused(await mint({ claims: { firebase: { sign_in_provider: 'google.com' } } }), 'invalid_token');
  });

  it('answers the spec errors for an unknown game and a malformed body', async () => {
    const unknownGame = await signIn(await mint({ providerUid: 'google-uid-game' }), {
      GameSystemName: 'no-such-game',
    });
    expect(unknownGame.json().ErrorCode).toBe('game_not_found');
    const missing = await getApp().app.inject({
      method: 'POST',
      url: '/api/v1/auth/authenticate_from_firebase',
      payload: { GameSystemName: 'sky-runner' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().ErrorCode).toBe('validation_failed');
  });
});
