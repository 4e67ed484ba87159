import { expect, it } from 'vitest';
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

  it('says whether an account holds a social identity', async () => {
    const exists = (id: string) =>
      call('GET', `/api/v1/info/check_account_exists_by_social_identifier/sky-runner/Email/${id}`, undefined, false);
    expect((await exists('Player@example.com')).json()).toEqual({ Exists: true });
    expect((await exists('nobody@example.com')).json()).toEqual({ Exists: false });
    const badType = await call(
      'GET',
      '/api/v1/info/check_account_exists_by_social_identifier/sky-runner/Myspace/x',
      undefined,
      false,
    );
    expect(badType.json().ErrorCode).toBe('validation_failed');
    const badGame = await call(
      'GET',
      '/api/v1/info/check_account_exists_by_social_identifier/no-game/Email/x',
      undefined,
      false,
    );
    expect(badGame.json().ErrorCode).toBe('game_not_found');
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
