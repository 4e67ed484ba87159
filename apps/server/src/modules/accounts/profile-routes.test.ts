import { accountLookupProofText } from '@fxid/contract';
import { expect, it } from 'vitest';
import { DEV_GAME_SECRET } from '../../config.js';
import { signGameServerProof } from '../../lib/game-server-proof.js';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';

describeEachEngine('profile API', (engine) => {
  const testApp = useTestApp(engine);
  let token = '';
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, auth = true) =>
    testApp().app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      headers: auth ? bearer(token) : {},
    });

  it('connects a game when the profile is read from it', async () => {
    const { app, database } = testApp();
    token = await signIn(app, database.handle.db, 'player@example.com');
    const first = await call('POST', '/api/v1/profile', {});
    expect(first.json().ConnectedGames).toEqual([]);
    const fromGame = await call('POST', '/api/v1/profile', { Game: 'sky-runner' });
    expect(fromGame.json().ConnectedGames).toEqual([
      { Game: 'sky-runner', GameUid: expect.any(String), StoreEnabled: true, TagsLinks: [], Surveys: {} },
    ]);
    const again = await call('POST', '/api/v1/profile/fetch_fxid_game_connection', { Game: 'sky-runner' });
    expect(again.json().GameUid).toBe(fromGame.json().ConnectedGames[0].GameUid);
  });

  it('switches marketing mail and saves the language', async () => {
    expect((await call('POST', '/api/v1/profile/marketing', { MarketingEnabled: true })).json().MarketingEnabled).toBe(
      true,
    );
    expect((await call('POST', '/api/v1/profile/update', { Language: 'pt-BR' })).json().Locale).toBe('pt-br');
    const profile = await call('POST', '/api/v1/profile', {});
    expect(profile.json()).toMatchObject({ MarketingEnabled: true, Locale: 'pt-br' });
    const unsupported = await call('POST', '/api/v1/profile/update', { Language: 'xh' });
    expect(unsupported.json()).toMatchObject({ ErrorCode: 'validation_failed', Errors: [{ Field: 'body.Language' }] });
  });

  it('tells a game server who the bearer is', async () => {
    const profile = (await call('POST', '/api/v1/profile', { Game: 'gem-garden' })).json();
    const gemGarden = profile.ConnectedGames.find((game: { Game: string }) => game.Game === 'gem-garden');
    for (const method of ['GET', 'POST'] as const) {
      const info = await call(method, '/api/v1/auth/oauth/userinfo/gem-garden');
      expect(info.json()).toEqual({ sub: profile.AccountId, id: gemGarden.GameUid, email: 'player@example.com' });
    }
  });

  it('row 35: tells the game server, with its proof, whether an account holds an identity', async () => {
    const lookup = (path: string, proof?: string) =>
      testApp().app.inject({
        method: 'GET',
        url: `/api/v1/info/check_account_exists_by_social_identifier/${path}`,
        headers: proof ? { 'x-fxid-proof': proof } : {},
      });
    const iat = Math.floor(testApp().clock.now / 1000);
    const proofFor = (game: string, type: string, id: string, secret = DEV_GAME_SECRET, at = iat) =>
      signGameServerProof(secret, (t) => accountLookupProofText(game, type, id, t), at);
    const exists = (id: string) => lookup(`sky-runner/Email/${id}`, proofFor('sky-runner', 'Email', id));
    expect((await exists('Player@example.com')).json()).toEqual({ Exists: true });
    expect((await exists('nobody@example.com')).json()).toEqual({ Exists: false });
    for (const [what, proof] of [
      ['another identity', proofFor('sky-runner', 'Email', 'other@example.com')],
      ['another game', proofFor('gem-garden', 'Email', 'nobody@example.com')],
      ['another secret', proofFor('sky-runner', 'Email', 'nobody@example.com', 'not-the-secret')],
      ['a stale proof', proofFor('sky-runner', 'Email', 'nobody@example.com', DEV_GAME_SECRET, iat - 3600)],
    ] as const) {
      const refused = await lookup('sky-runner/Email/nobody@example.com', proof);
      expect(refused.statusCode, what).toBe(403);
      expect(refused.json().ErrorCode, what).toBe('forbidden');
    }
    const badType = await lookup('sky-runner/Myspace/x', proofFor('sky-runner', 'Myspace', 'x'));
    expect(badType.json().ErrorCode).toBe('validation_failed');
    const badGame = await lookup('no-game/Email/x', proofFor('no-game', 'Email', 'x'));
    expect(badGame.json().ErrorCode).toBe('game_not_found');
  });

  it('row 35: tells nobody else whether an address has an account', async () => {
    const { app, database } = testApp();
    const url = (id: string) => `/api/v1/info/check_account_exists_by_social_identifier/sky-runner/Email/${id}`;
    for (const id of ['player@example.com', 'nobody@example.com']) {
      const anonymous = await app.inject({ method: 'GET', url: url(id) });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().ErrorCode).toBe('unauthorized');
    }
    // The holder learns only what they know; anyone else signed in is refused either way.
    expect((await call('GET', url('Player@example.com'))).json()).toEqual({ Exists: true });
    const stranger = await signIn(app, database.handle.db, 'stranger@example.com');
    for (const id of ['player@example.com', 'nobody@example.com']) {
      const refused = await app.inject({ method: 'GET', url: url(id), headers: bearer(stranger) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().ErrorCode).toBe('forbidden');
    }
  });

  it.each([
    ['POST', '/api/v1/profile', {}],
    ['POST', '/api/v1/profile/marketing', { MarketingEnabled: true }],
    ['POST', '/api/v1/profile/update', { Language: 'en' }],
    ['POST', '/api/v1/profile/fetch_fxid_game_connection', { Game: 'sky-runner' }],
    ['POST', '/api/v1/auth/create_temp_token', { RedirectUri: '/' }],
    ['GET', '/api/v1/auth/oauth/userinfo/sky-runner', undefined],
    ['GET', '/api/v1/auth/logout', undefined],
  ] as const)('%s %s needs a live bearer token', async (method, url, payload) => {
    const { app } = testApp();
    for (const headers of [{}, bearer('A'.repeat(43)), { authorization: 'Basic abc' }]) {
      const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBe(401);
      expect(response.json().ErrorCode).toBe('unauthorized');
    }
  });

  it('refuses unknown games', async () => {
    const response = await call('POST', '/api/v1/profile', { Game: 'no-such-game' });
    expect(response.json().ErrorCode).toBe('game_not_found');
  });
});
