import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';

/** The host simulator's server half: signs as VK signs, in development only. */
describeEachEngine('the host simulator (/dev/hosts)', (engine) => {
  const testApp = useTestApp(engine);
  const post = (url: string, payload: Record<string, unknown>) =>
    testApp().app.inject({ method: 'POST', url, payload });

  it('serves the page with the games published on VK', async () => {
    const page = await testApp().app.inject({ method: 'GET', url: '/dev/hosts' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<option value="sky-runner">');
    expect(page.body).toContain('src="hosts/vk-host.js"');
    const script = await testApp().app.inject({ method: 'GET', url: '/dev/hosts/vk-host.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('VKWebAppShowOrderBox');
    expect(page.body).toContain('data-testid="host-orders"');
    expect(page.body).toContain('data-testid="host-view-hide"');
  });

  it('frames the player with launch parameters our own sign-in accepts, for a new and a returning user', async () => {
    const launched = (await post('/dev/hosts/vkcom/launch', { Game: 'sky-runner', User: 'returning' })).json();
    expect(launched.Url).toMatch(/^\/play\/sky-runner\/iframe\/vkcom\?.*vk_app_id=51000001.*&sign=/);
    const signIn = async (url: string) =>
      post('/api/v1/auth/authenticate_from_social', {
        Social: 'VkontakteCom',
        Game: 'sky-runner',
        VkontakteComLogin: { QueryString: url.slice(url.indexOf('?')) },
      });
    const first = (await signIn(launched.Url)).json();
    expect(first.AuthenticatedSocialIdentifier).toBe(launched.User.id);
    const again = (await post('/dev/hosts/vkcom/launch', { Game: 'sky-runner', User: 'returning' })).json();
    expect((await signIn(again.Url)).json().AccountId).toBe(first.AccountId);
    const fresh = (await post('/dev/hosts/vkcom/launch', { Game: 'sky-runner', User: 'new' })).json();
    expect((await signIn(fresh.Url)).json().AccountId).not.toBe(first.AccountId);
  });

  it("pays as VK does: get_item then order_status_change, signed, and the player's order is paid once", async () => {
    const launched = (await post('/dev/hosts/vkcom/launch', { Game: 'sky-runner', User: 'new' })).json();
    const query = launched.Url.slice(launched.Url.indexOf('?'));
    const { Token } = (
      await post('/api/v1/auth/authenticate_from_social', {
        Social: 'VkontakteCom',
        Game: 'sky-runner',
        VkontakteComLogin: { QueryString: query },
      })
    ).json();
    const paid = (
      await post('/dev/hosts/vkcom/pay', { Game: 'sky-runner', UserId: launched.User.id, Item: 'stars_100' })
    ).json();
    expect(paid).toMatchObject({ Paid: true, GetItem: { response: { item_id: 'stars_100', price: 1 } } });
    expect(paid.StatusChange.response.order_id).toBe(paid.OrderId);
    const waiting = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/store/check-buy-products',
      headers: { authorization: `Bearer ${Token}` },
      payload: { Game: 'sky-runner' },
    });
    expect(waiting.json().Purchases.map((purchase: { Sku: string }) => purchase.Sku)).toEqual(['stars_100']);
    expect(paid.Item).toEqual({ item: 'stars_100', itemId: 'stars_100', title: '100 звёзд', price: '1' });

    // The order log's Refund: VK's signed refund notification; the order is no longer the player's.
    const refund = { Game: 'sky-runner', UserId: launched.User.id, OrderId: paid.OrderId, Item: paid.Item };
    const refunded = (await post('/dev/hosts/vkcom/refund', refund)).json();
    expect(refunded).toEqual({ Refunded: true, StatusChange: paid.StatusChange });
    expect((await post('/dev/hosts/vkcom/refund', refund)).json()).toEqual(refunded);
    const after = await testApp().app.inject({
      method: 'POST',
      url: '/api/v1/store/check-buy-products',
      headers: { authorization: `Bearer ${Token}` },
      payload: { Game: 'sky-runner' },
    });
    expect(after.json().Purchases).toEqual([]);
    const unknownOrder = (await post('/dev/hosts/vkcom/refund', { ...refund, OrderId: paid.OrderId + 1 })).json();
    expect(unknownOrder).toMatchObject({ Refunded: false, StatusChange: { error: { error_code: 11 } } });
    const unknown = (
      await post('/dev/hosts/vkcom/pay', { Game: 'sky-runner', UserId: launched.User.id, Item: 'nope' })
    ).json();
    expect(unknown).toMatchObject({ Paid: false, GetItem: { error: { error_code: 20 } } });
  });
});

describe('the host simulator in production', () => {
  const testApp = useTestApp('sqlite', { mode: 'production' });

  it('does not exist', async () => {
    for (const [method, url] of [
      ['GET', '/dev/hosts'],
      ['GET', '/dev/hosts/vk-host.js'],
      ['POST', '/dev/hosts/vkcom/launch'],
      ['POST', '/dev/hosts/vkcom/pay'],
      ['POST', '/dev/hosts/vkcom/refund'],
    ] as const) {
      expect(
        (await testApp().app.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode,
      ).toBe(404);
    }
  });
});
