import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';

/** The simulated Facebook Instant Games' server half: signs as Facebook signs, in development only. */
describeEachEngine('the simulated Facebook Instant Games (/dev/hosts, platform fbinstantgames)', (engine) => {
  const testApp = useTestApp(engine);
  const post = (url: string, payload: Record<string, unknown>, token?: string) =>
    testApp().app.inject({
      method: 'POST',
      url,
      payload,
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    });

  it('serves the host script and the FBInstant stand-in', async () => {
    const sdk = await testApp().app.inject({ method: 'GET', url: '/dev/hosts/fbinstantgames/fbinstant.js' });
    expect(sdk.headers['content-type']).toContain('javascript');
    expect(sdk.body).toContain('window.FBInstant');
    const host = await testApp().app.inject({ method: 'GET', url: '/dev/hosts/fbinstantgames-host.js' });
    expect(host.body).toContain('purchaseAsync');
  });

  it('signs a SignedPlayerInfo our sign-in accepts and a purchase our check pays once, with the dev app secret', async () => {
    const launched = (await post('/dev/hosts/fbinstantgames/launch', { Game: 'sky-runner', User: 'returning' })).json();
    expect(launched).toMatchObject({ Url: '/play/sky-runner/iframe/fbinstantgames', AppId: '1730000000000001' });
    const { Signature } = (
      await post('/dev/hosts/fbinstantgames/sign-player', { Game: 'sky-runner', PlayerId: launched.Player.id })
    ).json();
    const signedIn = (
      await post('/api/v1/auth/authenticate_from_social', {
        Social: 'FacebookInstantGames',
        Game: 'sky-runner',
        FacebookInstantGamesLogin: { Signature },
      })
    ).json();
    expect(signedIn.AuthenticatedSocialIdentifier).toBe(`1730000000000001:${launched.Player.id}`);
    const started = (
      await post(
        '/api/v1/platforms/payment',
        { Game: 'sky-runner', Platform: 'FacebookInstantGames', Sku: 'stars_100' },
        signedIn.Token,
      )
    ).json();
    const { SignedRequest } = (
      await post('/dev/hosts/fbinstantgames/sign-purchase', {
        Game: 'sky-runner',
        PaymentId: '777000111',
        PurchaseToken: 'token-777000111',
        ProductId: started.FacebookInstantGames.StoreSpecificOrderProductSku,
        DeveloperPayload: started.FacebookInstantGames.DeveloperPayload,
        PurchaseTime: 1_767_268_800,
      })
    ).json();
    const check = { Game: 'sky-runner', FbInstantPurchaseSignedData: SignedRequest };
    const first = (await post('/api/v1/fbinstant/purchase', check, signedIn.Token)).json();
    expect(first).toMatchObject({ Success: true, PaymentId: '777000111', Sku: 'stars_100' });
    expect((await post('/api/v1/fbinstant/purchase', check, signedIn.Token)).json()).toEqual(first);
    const unknown = await post('/dev/hosts/fbinstantgames/sign-purchase', {
      Game: 'sky-runner',
      PaymentId: '1',
      PurchaseToken: 't',
      ProductId: 'no_such',
      PurchaseTime: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the simulated Instant Games and Facebook Games canvas in production', () => {
  const testApp = useTestApp('sqlite', { mode: 'production' });

  it('does not exist', async () => {
    for (const [method, url] of [
      ['GET', '/dev/hosts/fbinstantgames-host.js'],
      ['GET', '/dev/hosts/fbinstantgames/fbinstant.js'],
      ['POST', '/dev/hosts/fbinstantgames/launch'],
      ['POST', '/dev/hosts/fbinstantgames/sign-player'],
      ['POST', '/dev/hosts/fbinstantgames/sign-purchase'],
      ['GET', '/dev/hosts/fbgames-host.js'],
      ['GET', '/dev/hosts/fbgames/sdk.js'],
      ['POST', '/dev/hosts/fbgames/launch'],
      ['POST', '/dev/hosts/fbgames/sign-user'],
      ['POST', '/dev/hosts/fbgames/pay'],
      ['GET', '/dev/facebook-graph/v19.0/1'],
    ] as const) {
      const response = await testApp().app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode).toBe(404);
    }
  });
});
