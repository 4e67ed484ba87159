import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { TEST_START, useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { startFakeMyGames } from '../../../test/fake-mygames.js';
import { signIn } from '../../../test/sign-in.js';

const CLIENT_ID = 'sky-runner.fxid';
const CLIENT_SECRET = 'sky-runner-mygames-client-secret';
// The test server's PUBLIC_URL and router base: the redirect URL registered for the MY.GAMES client.
const REDIRECT_URI = 'http://localhost:8080/LoginMyGames';
const clock = { now: TEST_START };
const mygames = await startFakeMyGames(
  { [CLIENT_ID]: { secret: CLIENT_SECRET, redirectUri: REDIRECT_URI } },
  () => clock.now,
);
afterAll(() => mygames.close());
const nonce = () => randomBytes(32).toString('base64url');

/** oauth/mygames/start, /info and /transfer against a fake MY.GAMES OAuth server. */
describeEachEngine('MY.GAMES ID info and transfer', (engine) => {
  const getApp = useTestApp(engine, {
    myGames: { apps: { 'sky-runner': { appId: CLIENT_ID, secrets: [CLIENT_SECRET] } }, oauthUrl: mygames.url },
  });
  let address = 0;
  const post = (url: string, payload: Record<string, unknown>, bearer?: string) => {
    clock.now = getApp().clock.now;
    return getApp().app.inject({
      method: 'POST',
      url: `/api/v1/auth/oauth/mygames/${url}`,
      payload,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      remoteAddress: `10.11.0.${++address % 250}`,
    });
  };
  /** The player starts, allows the client at MY.GAMES, and the portal page reads the user. */
  const cameBack = async (userId: string, browser = nonce()) => {
    const started = await post('start', { Game: 'sky-runner', BrowserNonce: browser });
    expect(started.statusCode).toBe(200);
    const url = mygames.authorize(started.json().AuthorizeUrl, {
      id: userId,
      login: `nick${userId}`,
      email: `${userId}@mygames.example`,
    });
    return { url, browser };
  };
  const info = async (userId: string) => {
    const back = await cameBack(userId);
    const answer = await post('info', { Game: 'sky-runner', Url: back.url, BrowserNonce: back.browser });
    expect(answer.statusCode).toBe(200);
    return answer.json().Data;
  };

  it('a new MY.GAMES user is transferred to the signed-in account, then signs in there', async () => {
    const { app, database } = getApp();
    const bearer = await signIn(app, database.handle.db, 'mover@example.com');
    const first = await info('mg-1001');
    expect(first).toMatchObject({
      Token: null,
      AccountId: null,
      Email: 'mg-1001@mygames.example',
      MyGamesTokenData: { UserId: 'mg-1001', Nickname: 'nickmg-1001' },
      GameData: { Game: 'sky-runner' },
      TransferState: 'NotTransferred',
    });
    const moved = await post('transfer', {
      Game: 'sky-runner',
      Token: bearer,
      MyGamesToken: first.MyGamesTokenData.MyGamesToken,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ Success: true, RedirectUri: 'http://localhost:8080/play/sky-runner' });
    const profile = await app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${bearer}` },
      payload: {},
    });
    expect(profile.json().SocialIdentifiers).toContainEqual({ Type: 'MyGamesId', Id: 'mg-1001' });
    const audit = await database.handle.db
      .selectFrom('mygames_transfer_tokens')
      .selectAll()
      .where('mygames_user_id', '=', 'mg-1001')
      .execute();
    expect(audit.map((row) => row.account_id)).toEqual([profile.json().AccountId]);

    const again = await info('mg-1001');
    expect(again).toMatchObject({ AccountId: profile.json().AccountId, TransferState: 'Transferred' });
    const session = await app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${again.Token}` },
      payload: {},
    });
    expect(session.json().AccountId).toBe(profile.json().AccountId);
    const check = await app.inject({
      method: 'GET',
      url: '/api/v1/info/check_account_exists_by_social_identifier/sky-runner/MyGamesId/mg-1001',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(check.statusCode).toBe(200);
    expect(JSON.stringify(check.json())).toContain('true');
  });

  it('refuses a replayed transfer token, one of another game, a dead session, and a user another account holds', async () => {
    const { app, database } = getApp();
    const owner = await signIn(app, database.handle.db, 'owner-mg@example.com');
    const other = await signIn(app, database.handle.db, 'other-mg@example.com');
    const data = await info('mg-2001');
    const token = data.MyGamesTokenData.MyGamesToken;
    const crossGame = await post('transfer', { Game: 'gem-garden', Token: owner, MyGamesToken: token });
    expect([crossGame.statusCode, crossGame.json().ErrorCode]).toEqual([400, 'invalid_token']);
    const deadSession = await post('transfer', { Game: 'sky-runner', Token: 'not-a-session', MyGamesToken: token });
    expect([deadSession.statusCode, deadSession.json().ErrorCode]).toEqual([401, 'unauthorized']);
    expect((await post('transfer', { Game: 'sky-runner', Token: owner, MyGamesToken: token })).statusCode).toBe(200);
    const replay = await post('transfer', { Game: 'sky-runner', Token: other, MyGamesToken: token });
    expect([replay.statusCode, replay.json().ErrorCode]).toEqual([400, 'invalid_token']);
    // A fresh token for the same MY.GAMES user cannot take it from the owner; it stays unspent.
    const fresh = (await info('mg-2001')).MyGamesTokenData.MyGamesToken;
    const taken = await post('transfer', { Game: 'sky-runner', Token: other, MyGamesToken: fresh });
    expect([taken.statusCode, taken.json().ErrorCode]).toEqual([409, 'identity_taken']);
    const row = await database.handle.db
      .selectFrom('mygames_transfer_tokens')
      .selectAll()
      .where('account_id', 'is', null)
      .where('mygames_user_id', '=', 'mg-2001')
      .execute();
    expect(row.map((r) => r.consumed_at)).toEqual([null]);
    getApp().clock.now += 16 * 60_000;
    const late = await post('transfer', { Game: 'sky-runner', Token: owner, MyGamesToken: fresh });
    expect([late.statusCode, late.json().ErrorCode]).toEqual([400, 'expired_token']);
  });

  it('refuses info from another browser, a replayed or forged code, a tampered state and a foreign address', async () => {
    const back = await cameBack('mg-3001');
    const otherBrowser = await post('info', { Game: 'sky-runner', Url: back.url, BrowserNonce: nonce() });
    expect([otherBrowser.statusCode, otherBrowser.json().ErrorCode]).toEqual([400, 'invalid_token']);
    expect((await post('info', { Game: 'sky-runner', Url: back.url, BrowserNonce: back.browser })).statusCode).toBe(
      200,
    );
    const replayed = await post('info', { Game: 'sky-runner', Url: back.url, BrowserNonce: back.browser });
    expect([replayed.statusCode, replayed.json().ErrorCode]).toEqual([400, 'invalid_token']);

    const forged = await cameBack('mg-3002');
    const url = new URL(forged.url);
    url.searchParams.set('code', 'forged-code');
    const refused = await post('info', { Game: 'sky-runner', Url: url.toString(), BrowserNonce: forged.browser });
    expect([refused.statusCode, refused.json().ErrorCode]).toEqual([401, 'platform_sign_invalid']);

    const tampered = await cameBack('mg-3003');
    const state = new URL(tampered.url);
    state.searchParams.set('state', 'x'.repeat(43));
    const badState = await post('info', { Game: 'sky-runner', Url: state.toString(), BrowserNonce: tampered.browser });
    expect([badState.statusCode, badState.json().ErrorCode]).toEqual([400, 'invalid_token']);
    const foreign = await post('info', {
      Game: 'sky-runner',
      Url: tampered.url.replace('http://localhost:8080', 'https://evil.example'),
      BrowserNonce: tampered.browser,
    });
    expect([foreign.statusCode, foreign.json().ErrorCode]).toEqual([400, 'validation_failed']);

    const late = await cameBack('mg-3004');
    getApp().clock.now += 11 * 60_000;
    const expired = await post('info', { Game: 'sky-runner', Url: late.url, BrowserNonce: late.browser });
    expect([expired.statusCode, expired.json().ErrorCode]).toEqual([400, 'expired_token']);
  });

  it('without a session the MY.GAMES user gets an account of its own, once, and then signs in to it', async () => {
    const { app } = getApp();
    const data = await info('mg-4001');
    expect(data).toMatchObject({ Token: null, TransferState: 'NotTransferred' });
    const made = await post('transfer', { Game: 'sky-runner', MyGamesToken: data.MyGamesTokenData.MyGamesToken });
    expect(made.statusCode).toBe(200);
    const { Token, RedirectUri } = made.json();
    expect(RedirectUri).toBe('http://localhost:8080/play/sky-runner');
    const profile = await app.inject({
      method: 'POST',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${Token}` },
      payload: {},
    });
    expect(profile.json().SocialIdentifiers).toEqual([{ Type: 'MyGamesId', Id: 'mg-4001' }]);
    const replay = await post('transfer', { Game: 'sky-runner', MyGamesToken: data.MyGamesTokenData.MyGamesToken });
    expect([replay.statusCode, replay.json().ErrorCode]).toEqual([400, 'invalid_token']);
    const again = await info('mg-4001');
    expect(again).toMatchObject({ AccountId: profile.json().AccountId, TransferState: 'Transferred' });
    // A signed-in player's transfer answers no new session: the player keeps theirs.
    const bearer = await signIn(app, getApp().database.handle.db, 'keeps-session@example.com');
    const moved = await post('transfer', {
      Game: 'sky-runner',
      Token: bearer,
      MyGamesToken: (await info('mg-4002')).MyGamesTokenData.MyGamesToken,
    });
    expect(moved.json()).toEqual({ Success: true, RedirectUri: 'http://localhost:8080/play/sky-runner' });
  });

  it('a game without a MY.GAMES client is not configured', async () => {
    const answer = await post('start', { Game: 'gem-garden', BrowserNonce: nonce() });
    expect([answer.statusCode, answer.json().ErrorCode]).toEqual([503, 'platform_not_configured']);
  });
});
