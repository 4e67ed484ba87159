import { expect, it } from 'vitest';
import { useTestApp } from '../../../test/app.js';
import { post as postFrom } from '../../../test/connect-invites.js';
import { describeEachEngine } from '../../../test/databases.js';
import { bearer } from '../../../test/sign-in.js';
import { GAME_SECRETS, vouch } from './external-id-test-helpers.js';

describeEachEngine('A game hands its player to the portal (authenticate_from_game)', (engine) => {
  const getApp = useTestApp(engine, { gameSecrets: { byGame: GAME_SECRETS, devFallback: undefined } });
  const post = (url: string, payload: object, token?: string) =>
    postFrom(getApp().app, url, payload, token ? bearer(token) : {});
  const gamePlayer = async (game: string, id: string) => {
    getApp().clock.now += 1000;
    const now = getApp().clock.now;
    const answer = await post(`/auth/authenticate_with_external_id/${game}`, {
      ExternalSocialIdentifier: { Type: 'Steam', Id: id },
      ExternalInfo: { UserPayload: vouch(game, 'Steam', id, now) },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };
  const handOver = (Game: string, Token: string) =>
    post('/auth/authenticate_from_game', { Game, Token, Standalone: true });

  it('signs the player in to the portal once per token', async () => {
    const player = await gamePlayer('sky-runner', 'hand-over-1');
    const handed = await handOver('sky-runner', player.Tokens.GameAccessToken);
    expect(handed.statusCode).toBe(200);
    expect(handed.json().IsConnected).toBe(true);
    const profile = await post('/profile', {}, handed.json().ConnectedData.Token);
    expect(profile.json().AccountId).toBe(player.AccountId);
    const replay = await handOver('sky-runner', player.Tokens.GameAccessToken);
    expect(replay.json().ErrorCode).toBe('invalid_token');
  });

  it("refuses another game's token, a plain GameJwt, a forged one and an unknown game, creating no session", async () => {
    const player = await gamePlayer('sky-runner', 'hand-over-2');
    const sessions = async () =>
      (await getApp().database.handle.db.selectFrom('sessions').select('id').execute()).length;
    const before = await sessions();
    expect((await handOver('gem-garden', player.Tokens.GameAccessToken)).json().ErrorCode).toBe('invalid_token');
    const launch = await getApp().app.inject({
      method: 'GET',
      url: '/api/v1/play/sky-runner?OtaVersion=1&BuildNumber=1&WebPublishingPlatform=FxId',
      headers: { authorization: `Bearer ${player.Tokens.AccessToken}` },
    });
    expect((await handOver('sky-runner', launch.json().GameJwt)).json().ErrorCode).toBe('invalid_token');
    const [header, , signature] = String(player.Tokens.GameAccessToken).split('.');
    const claims = { sub: 'x', aud: 'sky-runner', account_id: 'someone', token_use: 'external_game_access', jti: 'j' };
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect((await handOver('sky-runner', forged)).json().ErrorCode).toBe('invalid_token');
    expect((await handOver('no-such-game', player.Tokens.GameAccessToken)).json().ErrorCode).toBe('game_not_found');
    expect(await sessions()).toBe(before);
    // The genuine token still hands over afterwards: the refusals spent nothing.
    expect((await handOver('sky-runner', player.Tokens.GameAccessToken)).json().IsConnected).toBe(true);
  });

  it('answers not connected, with no session, when the game account has left the account', async () => {
    const player = await gamePlayer('sky-runner', 'hand-over-3');
    await getApp()
      .database.handle.db.deleteFrom('game_connections')
      .where('account_id', '=', player.AccountId)
      .execute();
    const handed = await handOver('sky-runner', player.Tokens.GameAccessToken);
    expect(handed.json()).toEqual({ IsConnected: false, NotConnectedData: { GameAccountName: player.GameUid } });
  });
});
