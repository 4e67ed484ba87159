import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { pageConfigFor } from '../../../http/portal.js';
import { useTestApp } from '../../../test/app.js';
import { describeEachEngine } from '../../../test/databases.js';
import { PRODUCTION_ENV } from '../../../test/production-env.js';
import { signIn } from '../../../test/sign-in.js';

/**
 * Development's stand-ins of MY.GAMES (/dev/mygames) and Twitch's id server (/dev/twitch): the
 * authorization page returns a code (or access_denied) to our redirect page only, and the
 * vendor's token and user endpoints answer for it. Production has neither.
 */
describeEachEngine('development stand-ins of MY.GAMES and Twitch', (engine) => {
  const getApp = useTestApp(engine);
  const inject = (options: InjectOptions) => getApp().app.inject(options);
  const allow = (authorizeUrl: string, decision = 'allow', user = 'mg-777') =>
    inject({
      method: 'POST',
      url: new URL(authorizeUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        query: new URL(authorizeUrl).search.slice(1),
        user_id: user,
        login: 'nick777',
        email: 'mg777@example.com',
        decision,
      }).toString(),
    });

  it("MY.GAMES: start's authorization page, the code back to /LoginMyGames, token and userinfo", async () => {
    const started = await inject({
      method: 'POST',
      url: '/api/v1/auth/oauth/mygames/start',
      payload: { Game: 'gem-garden', BrowserNonce: randomBytes(32).toString('base64url') },
    });
    expect(started.statusCode).toBe(200);
    const { AuthorizeUrl, State } = started.json();
    expect(AuthorizeUrl).toMatch(/^http:\/\/localhost:8080\/dev\/mygames\/oauth2\/authorize\?/);
    const page = await inject({ method: 'GET', url: AuthorizeUrl.replace('http://localhost:8080', '') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sign in with MY.GAMES');
    expect(page.body).toContain('client gem-garden');

    const back = new URL((await allow(AuthorizeUrl)).headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:8080/LoginMyGames');
    expect(back.searchParams.get('state')).toBe(State);
    const form = (code: string, secret = 'dev-mygames-client-secret-not-for-production') =>
      new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://localhost:8080/LoginMyGames',
        client_id: 'gem-garden',
        client_secret: secret,
      }).toString();
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const wrongSecret = await inject({
      method: 'POST',
      url: '/dev/mygames/oauth2/token',
      headers,
      payload: form(back.searchParams.get('code') ?? '', 'not-the-client-secret'),
    });
    expect([wrongSecret.statusCode, wrongSecret.json().error]).toEqual([401, 'invalid_client']);
    const token = await inject({
      method: 'POST',
      url: '/dev/mygames/oauth2/token',
      headers,
      payload: form(back.searchParams.get('code') ?? ''),
    });
    expect(token.statusCode).toBe(200);
    const user = await inject({
      method: 'GET',
      url: '/dev/mygames/oauth2/userinfo',
      headers: { authorization: `Bearer ${token.json().access_token}` },
    });
    expect(user.json()).toEqual({ sub: 'mg-777', nickname: 'nick777', email: 'mg777@example.com' });
    const replay = await inject({
      method: 'POST',
      url: '/dev/mygames/oauth2/token',
      headers,
      payload: form(back.searchParams.get('code') ?? ''),
    });
    expect([replay.statusCode, replay.json().error]).toEqual([400, 'invalid_grant']);

    const denied = new URL((await allow(AuthorizeUrl, 'deny')).headers.location as string);
    expect([denied.searchParams.get('error'), denied.searchParams.get('code')]).toEqual(['access_denied', null]);
    // Never back to an address other than the client's redirect page, allowed or denied.
    const foreign = AuthorizeUrl.replace(
      encodeURIComponent('http://localhost:8080/'),
      encodeURIComponent('https://evil.example/'),
    );
    for (const decision of ['allow', 'deny']) {
      const refused = await allow(foreign, decision);
      expect([refused.statusCode, refused.headers.location]).toEqual([400, undefined]);
    }
    const badUser = await allow(AuthorizeUrl, 'allow', 'no spaces <allowed>');
    expect(badUser.statusCode).toBe(400);
  });

  it("Twitch: start's authorization page, the code back to /TwitchConnect, token and validate", async () => {
    const bearer = await signIn(getApp().app, getApp().database.handle.db, 'twitch-dev@example.com');
    const started = await inject({
      method: 'POST',
      url: '/api/v1/auth/twitch/start',
      headers: { authorization: `Bearer ${bearer}` },
      payload: { Game: 'sky-runner', State: 'state-of-this-browser-0001' },
    });
    const { AuthorizeUrl } = started.json();
    expect(AuthorizeUrl).toMatch(/^http:\/\/localhost:8080\/dev\/twitch\/oauth2\/authorize\?/);
    const back = new URL((await allow(AuthorizeUrl, 'allow', '141981764')).headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:8080/TwitchConnect');
    expect(back.searchParams.get('state')).toBe('state-of-this-browser-0001');
    const token = await inject({
      method: 'POST',
      url: '/dev/twitch/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') ?? '',
        redirect_uri: 'http://localhost:8080/TwitchConnect',
        client_id: 'sky-runner',
        client_secret: 'dev-twitch-client-secret-not-for-production',
      }).toString(),
    });
    expect(token.statusCode).toBe(200);
    const validated = await inject({
      method: 'GET',
      url: '/dev/twitch/oauth2/validate',
      headers: { authorization: `OAuth ${token.json().access_token}` },
    });
    expect(validated.json()).toMatchObject({ client_id: 'sky-runner', user_id: '141981764', login: 'nick777' });
    // Every catalog game can be connected here.
    const list = await inject({
      method: 'POST',
      url: '/api/v1/data-connections/get',
      headers: { authorization: `Bearer ${bearer}` },
      payload: {},
    });
    expect(list.json().Connectable).toEqual([
      { Service: 'Twitch', Game: 'sky-runner' },
      { Service: 'Twitch', Game: 'gem-garden' },
    ]);
  });

  it('the page configuration offers MY.GAMES on a single-game site whose game has a client here', () => {
    const offered = (env: Record<string, string>) => {
      const result = loadConfig(env);
      if (!result.ok) throw new Error(result.problems.join('\n'));
      return pageConfigFor(result.config).MyGamesSignIn;
    };
    expect(offered({ FIXED_GAME: 'sky-runner' })).toBe(true);
    expect(offered({})).toBeUndefined();
    const live = { ...PRODUCTION_ENV, FIXED_GAME: 'sky-runner', MYGAMES_OAUTH_URL: 'https://oauth.mygames.example' };
    expect(offered(live)).toBeUndefined();
    expect(offered({ ...live, MYGAMES_APPS: 'sky-runner=client.1:live-mygames-secret-0001' })).toBe(true);
  });

  it('production has no stand-ins: MY.GAMES and Twitch need their real addresses', () => {
    const live = loadConfig(PRODUCTION_ENV);
    if (!live.ok) throw new Error(live.problems.join('\n'));
    expect(live.config.myGames.devStandIn).toBeUndefined();
    expect(live.config.myGames.oauthUrl).toBeUndefined();
    expect(live.config.dataConnections.twitch.devStandIn).toBeUndefined();
    expect(live.config.dataConnections.twitch.idUrl).toBe('https://id.twitch.tv');
  });
});
