import { afterAll, expect, it } from 'vitest';
import { sealingKey } from '../../../lib/sealed-text.js';
import { TEST_START, useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { startFakeTwitch } from '../../../test/fake-twitch.js';
import { signIn } from '../../../test/sign-in.js';

const CLIENT_ID = 'skyrunnertwitchclient0001';
const CLIENT_SECRET = 'sky-runner-twitch-client-secret';
const OTHER_CLIENT = 'anothertwitchapplication01';
// The test server's PUBLIC_URL and router base: the redirect URL registered for the Twitch applications.
const REDIRECT_URI = 'http://localhost:8080/TwitchConnect';
const clock = { now: TEST_START };
const twitch = await startFakeTwitch(
  {
    [CLIENT_ID]: { secret: CLIENT_SECRET, redirectUri: REDIRECT_URI },
    [OTHER_CLIENT]: { secret: 'another-application-secret-0001', redirectUri: REDIRECT_URI },
  },
  () => clock.now,
);
afterAll(() => twitch.close());
const STATE = 'a-random-state-the-browser-keeps-0001';
const streamer = { id: '141981764', login: 'skyrunner_streamer' };

/** POST /auth/twitch/connect, /auth/twitch/refresh_token and /data-connections/get against a fake Twitch id server. */
describeEachEngine('Twitch connection and the data connections list', (engine) => {
  const getApp = useTestApp(engine, {
    dataConnections: {
      twitch: { apps: { 'sky-runner': { appId: CLIENT_ID, secrets: [CLIENT_SECRET] } }, idUrl: twitch.url },
      sealingKey: sealingKey('the test deployment key of sealed tokens'),
    },
  });
  let address = 0;
  const post = (url: string, payload: Record<string, unknown>, bearer?: string) => {
    clock.now = getApp().clock.now;
    return getApp().app.inject({
      method: 'POST',
      url,
      payload,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      remoteAddress: `10.9.0.${++address % 250}`,
    });
  };
  const player = async (email: string) => signIn(getApp().app, getApp().database.handle.db, email);
  const rows = () => getApp().database.handle.db.selectFrom('data_connections').selectAll().execute();

  it('connects, stores the tokens sealed (never in clear, never logged), lists, and refreshes', async () => {
    const bearer = await player('streamer@example.com');
    const code = twitch.authorize(CLIENT_ID, REDIRECT_URI, streamer);
    const connected = await post('/api/v1/auth/twitch/connect', { Game: 'sky-runner', Code: code }, bearer);
    expect(connected.statusCode).toBe(200);
    const first = connected.json().Data;
    expect(first).toMatchObject({ UserId: streamer.id, Login: streamer.login });
    expect(first.AccessToken).toMatch(/^at/);

    const stored = (await rows()).filter((row) => row.external_user_id === streamer.id);
    expect(stored).toHaveLength(1);
    const dump = JSON.stringify(stored);
    expect(dump).not.toContain(first.AccessToken);
    expect(dump).not.toContain(first.RefreshToken);
    expect(JSON.stringify(getApp().logs)).not.toContain(first.AccessToken);
    expect(JSON.stringify(getApp().logs)).not.toContain(first.RefreshToken);

    const list = await post('/api/v1/data-connections/get', {}, bearer);
    expect(list.json()).toEqual({
      // Only sky-runner has a Twitch application in this deployment.
      Connectable: [{ Service: 'Twitch', Game: 'sky-runner' }],
      Connections: [
        {
          Service: 'Twitch',
          Game: 'sky-runner',
          UserId: streamer.id,
          Login: streamer.login,
          Scopes: ['user:read:email'],
          ConnectedAt: getApp().clock.now,
          UpdatedAt: getApp().clock.now,
        },
      ],
    });
    expect(JSON.stringify(list.json())).not.toContain(first.AccessToken);

    getApp().clock.now += 60_000;
    const refreshed = await post('/api/v1/auth/twitch/refresh_token', { Game: 'sky-runner' }, bearer);
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json().Data;
    expect(second.AccessToken).not.toBe(first.AccessToken);
    expect(second.RefreshToken).not.toBe(first.RefreshToken);
    const again = (await post('/api/v1/data-connections/get', {}, bearer)).json().Connections[0];
    expect(again.UpdatedAt).toBe(getApp().clock.now);
    expect(again.ConnectedAt).toBe(getApp().clock.now - 60_000);
    // The rotated pair was stored: the next refresh works too.
    const third = await post('/api/v1/auth/twitch/refresh_token', { Game: 'sky-runner' }, bearer);
    expect(third.statusCode).toBe(200);
  });

  it('refuses a replayed, forged or expired code, and one made for another application; nothing is stored', async () => {
    const bearer = await player('attacker-codes@example.com');
    const before = (await rows()).length;
    const code = twitch.authorize(CLIENT_ID, REDIRECT_URI, { id: '5001', login: 'once' });
    expect((await post('/api/v1/auth/twitch/connect', { Game: 'sky-runner', Code: code }, bearer)).statusCode).toBe(
      200,
    );
    const replay = await post('/api/v1/auth/twitch/connect', { Game: 'sky-runner', Code: code }, bearer);
    expect([replay.statusCode, replay.json().ErrorCode]).toEqual([401, 'platform_sign_invalid']);
    expect(replay.json().detail).toContain('Invalid authorization code');

    const other = await player('attacker-forged@example.com');
    const forged = await post('/api/v1/auth/twitch/connect', { Game: 'sky-runner', Code: 'forged-code' }, other);
    expect([forged.statusCode, forged.json().ErrorCode]).toEqual([401, 'platform_sign_invalid']);
    const foreign = twitch.authorize(OTHER_CLIENT, REDIRECT_URI, { id: '5002', login: 'foreign' });
    const crossApp = await post('/api/v1/auth/twitch/connect', { Game: 'sky-runner', Code: foreign }, other);
    expect([crossApp.statusCode, crossApp.json().ErrorCode]).toEqual([401, 'platform_sign_invalid']);
    const late = twitch.authorize(CLIENT_ID, REDIRECT_URI, { id: '5003', login: 'late' });
    getApp().clock.now += 11 * 60_000;
    const expired = await post('/api/v1/auth/twitch/connect', { Game: 'sky-runner', Code: late }, other);
    expect([expired.statusCode, expired.json().ErrorCode]).toEqual([401, 'platform_sign_invalid']);
    expect((await rows()).length).toBe(before + 1);
    expect((await post('/api/v1/data-connections/get', {}, other)).json()).toMatchObject({ Connections: [] });
  });

  it('a spent refresh token (revoked at Twitch) removes the connection; refreshing nothing is 404', async () => {
    const bearer = await player('revoked@example.com');
    const code = twitch.authorize(CLIENT_ID, REDIRECT_URI, { id: '6001', login: 'revoked' });
    const tokens = (await post('/api/v1/auth/twitch/connect', { Game: 'sky-runner', Code: code }, bearer)).json().Data;
    // Someone else (the game, with the RefreshToken it was handed) used it first: Twitch refuses ours.
    const used = await fetch(`${twitch.url}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.RefreshToken,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      }),
    });
    expect(used.status).toBe(200);
    const refused = await post('/api/v1/auth/twitch/refresh_token', { Game: 'sky-runner' }, bearer);
    expect([refused.statusCode, refused.json().ErrorCode]).toEqual([401, 'platform_sign_invalid']);
    expect((await post('/api/v1/data-connections/get', {}, bearer)).json()).toMatchObject({ Connections: [] });
    const none = await post('/api/v1/auth/twitch/refresh_token', { Game: 'sky-runner' }, bearer);
    expect([none.statusCode, none.json().ErrorCode]).toEqual([404, 'not_found']);
  });

  it('a sealed token copied to another account does not open there', async () => {
    const owner = await player('owner@example.com');
    const thief = await player('thief@example.com');
    const code = twitch.authorize(CLIENT_ID, REDIRECT_URI, { id: '7001', login: 'owner' });
    await post('/api/v1/auth/twitch/connect', { Game: 'sky-runner', Code: code }, owner);
    const thiefCode = twitch.authorize(CLIENT_ID, REDIRECT_URI, { id: '7002', login: 'thief' });
    await post('/api/v1/auth/twitch/connect', { Game: 'sky-runner', Code: thiefCode }, thief);
    const db = getApp().database.handle.db;
    const ownerRow = await db
      .selectFrom('data_connections')
      .selectAll()
      .where('external_user_id', '=', '7001')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('data_connections')
      .set({ refresh_token_sealed: ownerRow.refresh_token_sealed })
      .where('external_user_id', '=', '7002')
      .execute();
    const stolen = await post('/api/v1/auth/twitch/refresh_token', { Game: 'sky-runner' }, thief);
    expect([stolen.statusCode, stolen.json().ErrorCode]).toEqual([404, 'not_found']);
  });

  it('needs a session, a known game and a game with a Twitch application', async () => {
    const anonymous = await post('/api/v1/auth/twitch/connect', { Game: 'sky-runner', Code: 'x' });
    expect(anonymous.statusCode).toBe(401);
    expect((await post('/api/v1/data-connections/get', {})).statusCode).toBe(401);
    const bearer = await player('games@example.com');
    const unknown = await post('/api/v1/auth/twitch/connect', { Game: 'no-such-game', Code: 'x' }, bearer);
    expect(unknown.json().ErrorCode).toBe('game_not_found');
    const unconfigured = await post('/api/v1/auth/twitch/connect', { Game: 'gem-garden', Code: 'x' }, bearer);
    expect([unconfigured.statusCode, unconfigured.json().ErrorCode]).toEqual([503, 'platform_not_configured']);
    const notStarted = await post('/api/v1/auth/twitch/start', { Game: 'gem-garden', State: STATE }, bearer);
    expect([notStarted.statusCode, notStarted.json().ErrorCode]).toEqual([503, 'platform_not_configured']);
    const anonymousStart = await post('/api/v1/auth/twitch/start', { Game: 'sky-runner', State: STATE });
    expect(anonymousStart.statusCode).toBe(401);
    const shortState = await post('/api/v1/auth/twitch/start', { Game: 'sky-runner', State: 'short' }, bearer);
    expect([shortState.statusCode, shortState.json().ErrorCode]).toEqual([400, 'validation_failed']);
  });

  it("start sends the player to Twitch's authorization page of the game's application, with the browser's state", async () => {
    const bearer = await player('starter@example.com');
    const started = await post('/api/v1/auth/twitch/start', { Game: 'sky-runner', State: STATE }, bearer);
    expect(started.statusCode).toBe(200);
    const { AuthorizeUrl, RedirectUrl } = started.json();
    expect(RedirectUrl).toBe(REDIRECT_URI);
    const url = new URL(AuthorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${twitch.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      scope: 'user:read:email',
      state: STATE,
    });
  });
});
