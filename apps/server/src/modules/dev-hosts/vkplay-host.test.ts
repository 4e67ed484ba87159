import { expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { hostPost, platformPurchases } from '../../test/dev-hosts.js';

/** The simulated VK Play's server half: signs launches and payment notifications as VK Play would, with the dev secret. */
describeEachEngine('the simulated VK Play (/dev/hosts, platform vkplay)', (engine) => {
  const testApp = useTestApp(engine);
  const post = hostPost(testApp);
  const signInWith = (url: string) =>
    post('/api/v1/auth/authenticate_from_social', {
      Social: 'VkontaktePlay',
      Game: 'sky-runner',
      VkontaktePlayLogin: { QueryString: url.slice(url.indexOf('?')) },
    });

  it("launches our sign-in accepts (a guest's names nobody); Pay sends the signed notification that pays the reference once", async () => {
    const guest = (await post('/dev/hosts/vkplay/launch', { Game: 'sky-runner', User: 'guest' })).json();
    expect(guest.User).toEqual({ uid: null, loginStatus: 0 });
    expect((await signInWith(guest.Url)).statusCode).toBe(401);

    const launched = (await post('/dev/hosts/vkplay/launch', { Game: 'sky-runner', User: 'returning' })).json();
    expect(launched.Url).toMatch(
      /^\/play\/sky-runner\/iframe\/vkplay\?appid=2000001&.*uid=9100000001&sign=[0-9a-f]{32}$/,
    );
    const signedIn = (await signInWith(launched.Url)).json();
    expect(signedIn.AuthenticatedSocialIdentifier).toBe('9100000001');
    const purchases = platformPurchases(post, 'VkontaktePlay', signedIn.Token);
    const started = await purchases.start('stars_100');
    const pay = () =>
      post('/dev/hosts/vkplay/pay', {
        Game: 'sky-runner',
        Uid: launched.User.uid,
        MerchantParam: started.VkontaktePlay.MerchantParam,
      });
    expect((await pay()).json()).toMatchObject({ Paid: true, Answer: '{"status":"ok"}' });
    expect(await purchases.found(started.OrderId)).toMatchObject({ Sku: 'stars_100' });
    // VK Play retrying its notification: the same answer, still one order.
    expect((await pay()).json()).toMatchObject({ Paid: true });
    const orders = await testApp()
      .database.handle.db.selectFrom('orders')
      .select('id')
      .where('provider_ref', '=', started.OrderId)
      .execute();
    expect(orders).toHaveLength(1);
  });
});
