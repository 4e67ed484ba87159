import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { post as postFrom } from '../../../test/connect-invites.js';
import { describeEachEngine } from '../../../test/databases.js';
import { bearer } from '../../../test/sign-in.js';
import { GAME_SECRETS, vouch } from './external-id-test-helpers.js';

describeEachEngine('Sign-in with an external id a game server vouches for', (engine) => {
  const getApp = useTestApp(engine, { gameSecrets: { byGame: GAME_SECRETS, devFallback: undefined } });
  const post = (url: string, payload: object, token?: string) =>
    postFrom(getApp().app, url, payload, token ? bearer(token) : {});
  // Each call a second later: a game server's proofs of one second for one player are the same bytes.
  const now = () => {
    getApp().clock.now += 1000;
    return getApp().clock.now;
  };
  const signIn = (game: string, Type: 'Steam' | 'Egs', Id: string, proof = vouch(game, Type, Id, now())) =>
    post(`/auth/authenticate_with_external_id/${game}`, {
      ExternalSocialIdentifier: { Type, Id },
      ExternalInfo: { UserPayload: proof },
    });
  const validate = (Game: string, token: string) =>
    post('/auth/validate-external-id-auth-game-access-token', { Game, GameJwtAccessTokenJwtString: token });
  const count = async (table: 'accounts' | 'sessions' | 'external_id_refresh_tokens') =>
    Number(
      (
        await getApp()
          .database.handle.db.selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('signs a vouched Steam player in: a session, a refresh token and a GameAccessToken its server can check', async () => {
    const first = await signIn('sky-runner', 'Steam', '76561190000000001');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ State: 'Authenticated', Email: null });
    const profile = await post('/profile', {}, body.Tokens.AccessToken);
    expect(profile.json().SocialIdentifiers).toEqual([{ Type: 'Steam', Id: '76561190000000001' }]);
    const checked = await validate('sky-runner', body.Tokens.GameAccessToken);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().Data).toMatchObject({ Game: 'sky-runner', AccountId: body.AccountId, GameUid: body.GameUid });
    // The same player again, with a new proof: the same account and player id.
    const again = await signIn('sky-runner', 'Steam', '76561190000000001');
    expect(again.json()).toMatchObject({ AccountId: body.AccountId, GameUid: body.GameUid });
  });

  it('refuses forged, other-game, stale and replayed proofs, and leaves nothing behind', async () => {
    const before = await Promise.all([count('accounts'), count('sessions'), count('external_id_refresh_tokens')]);
    const forged = await signIn(
      'sky-runner',
      'Steam',
      'forged-1',
      vouch('sky-runner', 'Steam', 'forged-1', now(), 'x'.repeat(32)),
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json().ErrorCode).toBe('platform_sign_invalid');
    // Made by gem-garden's server with its own secret, sent to sky-runner.
    const otherGame = await signIn('sky-runner', 'Steam', 'cross-1', vouch('gem-garden', 'Steam', 'cross-1', now()));
    expect(otherGame.json().ErrorCode).toBe('platform_sign_invalid');
    // Signed with sky-runner's secret for another player id than the one sent.
    const tampered = await signIn('sky-runner', 'Steam', 'victim', vouch('sky-runner', 'Steam', 'attacker', now()));
    expect(tampered.json().ErrorCode).toBe('platform_sign_invalid');
    const stale = await signIn(
      'sky-runner',
      'Steam',
      'stale-1',
      vouch('sky-runner', 'Steam', 'stale-1', getApp().clock.now - 16 * 60_000),
    );
    expect(stale.json().ErrorCode).toBe('platform_sign_invalid');
    expect([await count('accounts'), await count('sessions'), await count('external_id_refresh_tokens')]).toEqual(
      before,
    );
    const proof = vouch('sky-runner', 'Egs', 'replayed-1', getApp().clock.now);
    expect((await signIn('sky-runner', 'Egs', 'replayed-1', proof)).statusCode).toBe(200);
    const replay = await signIn('sky-runner', 'Egs', 'replayed-1', proof);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().ErrorCode).toBe('invalid_token');
  });

  it("refuses a game vouching for an identity another game introduced, or for fxid's own identity types", async () => {
    const owner = (await signIn('sky-runner', 'Steam', 'shared-steam')).json();
    const taken = await signIn('gem-garden', 'Steam', 'shared-steam');
    expect(taken.statusCode).toBe(403);
    expect(taken.json().ErrorCode).toBe('forbidden');
    // Still sky-runner's to vouch for.
    expect((await signIn('sky-runner', 'Steam', 'shared-steam')).json().AccountId).toBe(owner.AccountId);
    const google = await post('/auth/authenticate_with_external_id/sky-runner', {
      ExternalSocialIdentifier: { Type: 'Google', Id: 'someone' },
      ExternalInfo: { UserPayload: 'v1.1.x' },
    });
    expect(google.statusCode).toBe(400);
    expect(google.json().ErrorCode).toBe('validation_failed');
  });

  it('refuses bad requests with stable codes', async () => {
    const nothing = await post('/auth/authenticate_with_external_id/sky-runner', {});
    expect(nothing.json().ErrorCode).toBe('validation_failed');
    const email = await post('/auth/authenticate_with_external_id/sky-runner', {
      EmailCredentials: { Email: 'a@example.com', EmailCode: '123456' },
    });
    expect(email.json()).toMatchObject({ ErrorCode: 'platform_not_supported', L10NParam: { Platform: 'Email' } });
    const unknownGame = await signIn('no-such-game', 'Steam', 'x');
    expect(unknownGame.json().ErrorCode).toBe('game_not_found');
    const both = await post('/auth/authenticate_with_external_id/sky-runner', {
      RefreshToken: 'abc',
      ExternalSocialIdentifier: { Type: 'Steam', Id: '1' },
    });
    expect(both.json().ErrorCode).toBe('validation_failed');
  });

  it('exchanges a refresh token once, for its own game only, until it expires', async () => {
    const first = (await signIn('sky-runner', 'Egs', 'refresher')).json();
    const refresh = (game: string, RefreshToken: string) =>
      post(`/auth/authenticate_with_external_id/${game}`, { RefreshToken });
    const otherGame = await refresh('gem-garden', first.Tokens.RefreshToken);
    expect(otherGame.json().ErrorCode).toBe('invalid_token');
    const second = await refresh('sky-runner', first.Tokens.RefreshToken);
    expect(second.statusCode).toBe(200);
    expect(second.json().AccountId).toBe(first.AccountId);
    expect(second.json().Tokens.RefreshToken).not.toBe(first.Tokens.RefreshToken);
    expect((await refresh('sky-runner', first.Tokens.RefreshToken)).json().ErrorCode).toBe('invalid_token');
    expect((await refresh('sky-runner', 'never-issued')).json().ErrorCode).toBe('invalid_token');
    const before = getApp().clock.now;
    getApp().clock.now += 31 * 24 * 3600 * 1000;
    try {
      expect((await refresh('sky-runner', second.json().Tokens.RefreshToken)).json().ErrorCode).toBe('expired_token');
    } finally {
      getApp().clock.now = before;
    }
  });

  it('refuses to validate a token of another game, an expired, a tampered one, or a plain GameJwt', async () => {
    const body = (await signIn('sky-runner', 'Steam', 'validated')).json();
    const token: string = body.Tokens.GameAccessToken;
    expect((await validate('gem-garden', token)).json().ErrorCode).toBe('invalid_token');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, account_id: 'someone-else' })).toString('base64url');
    expect((await validate('sky-runner', `${header}.${forgedPayload}.${signature}`)).json().ErrorCode).toBe(
      'invalid_token',
    );
    expect((await validate('sky-runner', 'not-a-jwt')).json().ErrorCode).toBe('invalid_token');
    const launch = await getApp().app.inject({
      method: 'GET',
      url: '/api/v1/play/sky-runner?OtaVersion=1&BuildNumber=1&WebPublishingPlatform=FxId',
      headers: { authorization: `Bearer ${body.Tokens.AccessToken}` },
    });
    const gameJwt = launch.json().GameJwt;
    expect(gameJwt).toEqual(expect.any(String));
    expect((await validate('sky-runner', gameJwt)).json().ErrorCode).toBe('invalid_token');
    const before = getApp().clock.now;
    getApp().clock.now += 2 * 3600 * 1000;
    try {
      expect((await validate('sky-runner', token)).json().ErrorCode).toBe('expired_token');
    } finally {
      getApp().clock.now = before;
    }
  });
});
