import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { hostPost, platformPurchases } from '../../test/dev-hosts.js';

/** The simulated Facebook Instant Games' server half: signs as Facebook signs, in development only. */
describeEachEngine('the simulated Facebook Instant Games (/dev/hosts, platform fbinstantgames)', (engine) => {
  const testApp = useTestApp(engine);
  const post = hostPost(testApp);

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
    const started = await platformPurchases(post, 'FacebookInstantGames', signedIn.Token).start('stars_100');
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
