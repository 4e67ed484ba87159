import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { DEV_STEAM_KEY } from '../platforms/steam/steam-config.js';

/**
 * The simulated Steam's server half, as the host page drives it: a player's tickets, the overlay's
 * transactions and answers, against the fake Web API this server serves and calls over HTTP (as
 * in development, where STEAM_API_URL defaults to it).
 */
describeEachEngine('the simulated Steam (/dev/hosts, platform steam)', (engine) => {
  let port = 0;
  const testApp = useTestApp(engine, {
    platforms: {
      ...testConfig().platforms,
      steam: {
        apps: {},
        devKey: DEV_STEAM_KEY,
        get apiUrl() {
          return `http://127.0.0.1:${port}/dev/hosts/steam/api`;
        },
        sandbox: false,
        bridgeUrl: 'dev/hosts/steam/steam-bridge.js',
        get openIdUrl() {
          return `http://127.0.0.1:${port}/dev/hosts/steam/openid/login`;
        },
      },
    },
  });
  beforeAll(async () => {
    await testApp().app.listen({ port: 0, host: '127.0.0.1' });
    port = (testApp().app.server.address() as AddressInfo).port;
  });
  const post = (url: string, payload: Record<string, unknown>, token?: string) =>
    testApp().app.inject({
      method: 'POST',
      url,
      payload,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });
  const launch = async (user = 'new') => {
    const launched = (await post('/dev/hosts/steam/launch', { Game: 'sky-runner', User: user })).json();
    const ticket = (
      await post('/dev/hosts/steam/ticket', { Game: 'sky-runner', SteamId: launched.User.steamId, Identity: 'fxid' })
    ).json().Ticket;
    const signedIn = await post('/api/v1/auth/authenticate_from_social', {
      Social: 'Steam',
      Game: 'sky-runner',
      SteamLogin: { Ticket: ticket },
    });
    return { launched, signedIn };
  };
  const buy = async (steamId: string, token: string, answer: Record<string, boolean>) => {
    const started = (
      await post('/api/v1/platforms/payment', { Game: 'sky-runner', Platform: 'Steam', Sku: 'stars_100' }, token)
    ).json();
    const waiting = (await post('/dev/hosts/steam/waiting', { Game: 'sky-runner', SteamId: steamId })).json();
    expect(waiting.Transactions).toContainEqual(
      expect.objectContaining({
        OrderId: started.OrderId,
        Currency: 'USD',
        Items: [expect.objectContaining({ amount: 99 })],
      }),
    );
    const overlay = (
      await post('/dev/hosts/steam/authorize', { Game: 'sky-runner', OrderId: started.OrderId, ...answer })
    ).json();
    const settled = (
      await post('/api/v1/platforms/steam/settle/sky-runner', { OrderId: started.OrderId }, token)
    ).json();
    return { overlay, item: settled.Items[0] };
  };

  it('serves the host script and the bridge stand-in; the page lists Steam', async () => {
    const bridge = await testApp().app.inject({ method: 'GET', url: '/dev/hosts/steam/steam-bridge.js' });
    expect(bridge.headers['content-type']).toContain('javascript');
    expect(bridge.body).toContain('defineBridgeStandIn({"global":"fxidSteam","channel":"steam-bridge"');
    const host = await testApp().app.inject({ method: 'GET', url: '/dev/hosts/steam-host.js' });
    expect(host.body).toContain('MicroTxnAuthorizationResponse');
    const page = await testApp().app.inject({ method: 'GET', url: '/dev/hosts' });
    expect(page.body).toContain('<option value="steam">');
    expect(page.body).toMatch(/data-platforms="[^"]*steam/);
  });

  it('a launched player signs in with the ticket the simulated client hands out, once; the returning one is the same', async () => {
    const { launched, signedIn } = await launch('returning');
    expect(launched.Url).toBe('/play/sky-runner/iframe/steam');
    expect(launched.AppId).toBe(2400001);
    expect(signedIn.json()).toMatchObject({ AuthenticatedSocialIdentifier: launched.User.steamId });
    const again = await launch('returning');
    expect(again.signedIn.json().AccountId).toBe(signedIn.json().AccountId);
    const other = await post('/dev/hosts/steam/ticket', {
      Game: 'sky-runner',
      SteamId: launched.User.steamId,
      Identity: 'other',
    });
    const refused = await post('/api/v1/auth/authenticate_from_social', {
      Social: 'Steam',
      Game: 'sky-runner',
      SteamLogin: { Ticket: other.json().Ticket },
    });
    expect(refused.json().ErrorCode).toBe('platform_sign_invalid');
  });

  it('the overlay authorized delivers; cancelled and a declined card fail; an answered one cannot be answered again', async () => {
    const { launched, signedIn } = await launch();
    const token = signedIn.json().Token;
    const paid = await buy(launched.User.steamId, token, { Approved: true });
    expect(paid.overlay).toMatchObject({ AppId: 2400001, Authorized: true });
    expect(paid.item).toMatchObject({ Status: 'Delivered', Sku: 'stars_100' });
    const cancelled = await buy(launched.User.steamId, token, { Approved: false });
    expect(cancelled.overlay.Authorized).toBe(false);
    expect(cancelled.item.Status).toBe('Failed');
    const declined = await buy(launched.User.steamId, token, { Approved: true, ChargeFails: true });
    expect(declined.overlay.Authorized).toBe(true);
    expect(declined.item.Status).toBe('Failed');
    const again = await post('/dev/hosts/steam/authorize', {
      Game: 'sky-runner',
      OrderId: paid.item.OrderId,
      Approved: true,
    });
    expect(again.statusCode).toBe(404);
  });
  it("Steam's simulated OpenID login signs a new Steam player in on the web, through the portal's temp-token page", async () => {
    const start = await testApp().app.inject({ method: 'GET', url: '/api/v1/auth/steam/openid/start?ReturnTo=/games' });
    const atSteam = new URL(start.headers.location as string);
    expect(atSteam.pathname).toBe('/dev/hosts/steam/openid/login');
    const login = await testApp().app.inject({ method: 'GET', url: `${atSteam.pathname}${atSteam.search}` });
    expect(login.statusCode).toBe(302);
    const back = new URL(login.headers.location as string);
    expect(back.pathname).toBe('/api/v1/auth/steam/openid/return');
    // The simulated Steam dates its nonce by the wall clock, as Steam does; the app's clock follows.
    testApp().clock.now = Date.now();
    const signedIn = await testApp().app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toMatch(/^\/LoginWithTempToken\?token=[\w-]{43}$/);
  });
});
