import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from 'jose';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { bearer, signIn } from '../../test/sign-in.js';
import { GAME_JWT_TTL_S, retireSigningKey, rotateSigningKey } from './game-jwt.js';

const LAUNCH = '/api/v1/play/sky-runner?OtaVersion=1.6&BuildNumber=3159&WebPublishingPlatform=FxId';

describeEachEngine('play API', (engine) => {
  const testApp = useTestApp(engine);

  /** Verifies a GameJwt the way a game's own server does: with the published JWKS only. */
  async function verifyAsGameServer(token: string, game: string) {
    const { app, clock } = testApp();
    const jwks = (await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as JSONWebKeySet;
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
      issuer: 'http://localhost:8080',
      audience: game,
      algorithms: ['ES256'],
      currentDate: new Date(clock.now),
    });
    return payload;
  }

  it('gives the portal configuration and public data of a game on a platform', async () => {
    const { app } = testApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/play/choose_game',
      payload: {
        GameSystemName: 'sky-runner',
        OriginUrl: 'https://vk.com/app1',
        WebPublishingPlatform: 'VkontakteCom',
      },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.PortalConfig).toMatchObject({ Platform: 'VkontakteCom', Adapter: 'vkcom' });
    expect(body.PortalConfig.CompanyBranding.CompanyName).toBe('Foxhound Interactive');
    expect(body.PublicGameData).toMatchObject({ GameSystemName: 'sky-runner', PlayGameType: 'Iframe' });
  });

  it('refuses choosing an unknown game or a platform the game is not on', async () => {
    const { app } = testApp();
    const choose = (GameSystemName: string, WebPublishingPlatform: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/play/choose_game',
        payload: { GameSystemName, WebPublishingPlatform },
      });
    const unknown = await choose('no-such-game', 'FxId');
    expect([unknown.statusCode, unknown.json().ErrorCode]).toEqual([404, 'game_not_found']);
    const elsewhere = await choose('gem-garden', 'CrazyGames');
    expect([elsewhere.statusCode, elsewhere.json().ErrorCode]).toEqual([404, 'game_not_on_platform']);
  });

  it('launches an iframe game for an anonymous player without a GameJwt', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'GET', url: LAUNCH });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      IframeGame: { IframeUrl: '/demo-game/index.html?game=sky-runner' },
      LaunchData: { AppendToQuery: 'fxplatform=fxid' },
    });
  });

  it('requires the version, build and platform of the portal asking', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/play/sky-runner?OtaVersion=1.6' });
    expect(response.statusCode).toBe(400);
    expect(response.json().ErrorCode).toBe('validation_failed');
  });

  it('refuses a launch with a bearer token that is not valid', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'GET', url: LAUNCH, headers: bearer('not-a-real-token') });
    expect([response.statusCode, response.json().ErrorCode]).toEqual([401, 'unauthorized']);
  });

  it('gives a signed-in player a GameJwt a game server verifies with the JWKS alone', async () => {
    const { app, database } = testApp();
    const token = await signIn(app, database.handle.db, 'jwt-player@example.com');
    const response = await app.inject({ method: 'GET', url: LAUNCH, headers: bearer(token) });
    const { GameJwt } = response.json();
    const connection = await app.inject({
      method: 'POST',
      url: '/api/v1/profile/fetch_fxid_game_connection',
      headers: bearer(token),
      payload: { Game: 'sky-runner' },
    });
    const payload = await verifyAsGameServer(GameJwt, 'sky-runner');
    expect(payload.sub).toBe(connection.json().GameUid);
    expect(payload.platform).toBe('FxId');
    expect(payload.exp).toBe(Number(payload.iat) + GAME_JWT_TTL_S);
    await expect(verifyAsGameServer(GameJwt, 'gem-garden')).rejects.toThrow(/aud/);
  });

  it('refuses a tampered or expired GameJwt', async () => {
    const { app, database, clock } = testApp();
    const token = await signIn(app, database.handle.db, 'tamper@example.com');
    const { GameJwt } = (await app.inject({ method: 'GET', url: LAUNCH, headers: bearer(token) })).json();
    const [header, body, signature] = GameJwt.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    await expect(verifyAsGameServer(`${header}.${forged}.${signature}`, 'sky-runner')).rejects.toThrow(/signature/);
    const saved = clock.now;
    clock.now += (GAME_JWT_TTL_S + 1) * 1000;
    try {
      await expect(verifyAsGameServer(GameJwt, 'sky-runner')).rejects.toThrow(/exp/);
    } finally {
      clock.now = saved;
    }
  });

  it('rotates keys without breaking tokens in flight, and drops a retired key', async () => {
    const { app, database, clock } = testApp();
    const token = await signIn(app, database.handle.db, 'rotation@example.com');
    const launch = async () =>
      (await app.inject({ method: 'GET', url: LAUNCH, headers: bearer(token) })).json().GameJwt;
    const before = await launch();
    const oldKid = decodeProtectedHeader(before).kid as string;

    const newKid = await rotateSigningKey(database.handle.db, clock.now + 1);
    clock.now += 61_000; // other instances reload keys within a minute
    const after = await launch();
    expect(decodeProtectedHeader(after).kid).toBe(newKid);
    await expect(verifyAsGameServer(before, 'sky-runner')).resolves.toMatchObject({ aud: 'sky-runner' });
    await expect(verifyAsGameServer(after, 'sky-runner')).resolves.toMatchObject({ aud: 'sky-runner' });

    expect(await retireSigningKey(database.handle.db, oldKid, clock.now)).toBe(true);
    clock.now += 61_000;
    const jwks = (await app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys.map((key: { kid: string }) => key.kid)).toEqual([newKid]);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    await expect(verifyAsGameServer(before, 'sky-runner')).rejects.toThrow(/key/);
  });

  it('lists the builds a portal version can run, newest first, to signed-in players', async () => {
    const { app, database } = testApp();
    const list = (version: string, headers = {}) =>
      app.inject({ method: 'GET', url: `/api/v1/play/sky-runner/list?OtaVersion=${version}`, headers });
    expect((await list('1.6')).statusCode).toBe(401);
    const token = await signIn(app, database.handle.db, 'builds@example.com');
    const current = (await list('1.6', bearer(token))).json().Builds;
    expect(current.map((build: { BuildNumber: number }) => build.BuildNumber)).toEqual([141, 140]);
    expect(current[1]).toMatchObject({
      Id: 'sky-runner-140',
      BuildType: 'Release',
      Sha: '3f9c2a17b8d4e6f01a2b3c4d5e6f708192a3b4c5',
      CreatedAt: '2026-11-10T00:00:00.000Z',
    });
    const older = (await list('1.5.9', bearer(token))).json().Builds;
    expect(older.map((build: { BuildNumber: number }) => build.BuildNumber)).toEqual([140]);
    const bad = await list('latest', bearer(token));
    expect([bad.statusCode, bad.json().ErrorCode]).toEqual([400, 'validation_failed']);
  });

  it('says the start page is unavailable before the portal is built', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/play/index_html' });
    expect([response.statusCode, response.json().ErrorCode]).toEqual([503, 'service_unavailable']);
  });

  it('serves a web app manifest that installs the game on its player page', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'GET', url: '/api/v1/manifest/sky-runner?lang=ru' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/manifest+json');
    expect(response.json()).toMatchObject({
      id: '/play/sky-runner',
      name: 'Небесный бегун',
      start_url: '/play/sky-runner',
      scope: '/play/sky-runner',
      display: 'fullscreen',
      orientation: 'landscape',
      background_color: '#0b1e3a',
      icons: [{ src: '/catalog/sky-runner/icon.svg', type: 'image/svg+xml' }],
    });
    const missing = await app.inject({ method: 'GET', url: '/api/v1/manifest/no-such-game' });
    expect(missing.json().ErrorCode).toBe('game_not_found');
  });
});
