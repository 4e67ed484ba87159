import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachEngine } from '../../test/databases.js';
import { hostPost, platformPurchases } from '../../test/dev-hosts.js';

/**
 * Every browser half of the simulator, with a line only it has: served as JavaScript in
 * development, absent in production like every /dev/hosts route.
 */
const HOST_SCRIPTS = [
  ['/dev/hosts/host-kit.js', 'export function ask('],
  ['/dev/hosts/vk-host.js', 'VKWebAppShowOrderBox'],
  ['/dev/hosts/yandex-host.js', 'game_api_pause'],
  ['/dev/hosts/yandex/sdk.js', 'window.YaGames'],
  ['/dev/hosts/ok-host.js', 'showPayment'],
  ['/dev/hosts/ok/fapi5.js', 'window.FAPI'],
  ['/dev/hosts/vkplay-host.js', 'paymentFrame'],
  ['/dev/hosts/vkplay/mailru.core.js', 'window.iframeApi'],
  ['/dev/hosts/ag-host.js', 'agru-showPayment'],
  ['/dev/hosts/ymobage-host.js', "'wizq'"],
  ['/dev/hosts/fbinstantgames-host.js', 'purchaseAsync'],
  ['/dev/hosts/fbinstantgames/fbinstant.js', 'window.FBInstant'],
  ['/dev/hosts/fbgames-host.js', 'Facebook pay'],
  ['/dev/hosts/fbgames/sdk.js', 'window.FB'],
  ['/dev/hosts/crazygames-host.js', 'CrazyGames sign-in'],
  ['/dev/hosts/crazygames/sdk.js', 'window.CrazyGames'],
  ['/dev/hosts/kg-host.js', 'Kongregate purchase'],
  ['/dev/hosts/kg/kongregate_api.js', 'window.kongregateAPI'],
  ['/dev/hosts/steam-host.js', 'MicroTxnAuthorizationResponse'],
  ['/dev/hosts/steam/steam-bridge.js', '"global":"fxidSteam"'],
  ['/dev/hosts/telegram-host.js', 'web_app_open_invoice'],
  ['/dev/hosts/wrapper-host.js', 'fxnative-bridge'],
  ['/dev/hosts/fxlauncher/bridge.js', '"global":"fxidLauncher"'],
  ['/dev/hosts/fxnative/bridge.js', '"global":"fxidNative"'],
] as const;

/** The host simulator's server half: signs as VK signs, in development only. */
describeEachEngine('the host simulator (/dev/hosts)', (engine) => {
  const testApp = useTestApp(engine);
  const post = hostPost(testApp);

  it('serves the page with the games published on VK, Yandex, Telegram, OK, VK Play, CrazyGames, Kongregate, Facebook, Absolute Games, WizQ, Steam and our two wrappers', async () => {
    const page = await testApp().app.inject({ method: 'GET', url: '/dev/hosts' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<option value="sky-runner" data-platforms="vkcom yandex telegram ok vkplay crazygames fbinstantgames fbgames ag ymobage steam fxlauncher fxnative">',
    );
    expect(page.body).toContain('src="hosts/ag-host.js"');
    expect(page.body).toContain('<option value="gem-garden" data-platforms="vkcom yandex vkplay kg fxlauncher">');
    expect(page.body).toContain('src="hosts/crazygames-host.js"');
    expect(page.body).toContain('src="hosts/kg-host.js"');
    expect(page.body).toContain('src="hosts/vk-host.js"');
    expect(page.body).toContain('src="hosts/yandex-host.js"');
    expect(page.body).toContain('src="hosts/ok-host.js"');
    expect(page.body).toContain('src="hosts/vkplay-host.js"');
    expect(page.body).toContain('src="hosts/steam-host.js"');
    expect(page.body).toContain('<option value="steam">');
    expect(page.body).toContain('data-testid="host-orders"');
    expect(page.body).toContain('data-testid="host-view-hide"');
  });

  it('serves every host script and stand-in as JavaScript, never cached; host pages share host-kit.js, stand-ins stand-in-kit.js', async () => {
    for (const [url, text] of HOST_SCRIPTS) {
      const script = await testApp().app.inject({ method: 'GET', url });
      expect(script.headers['content-type'], url).toContain('javascript');
      expect(script.headers['cache-control'], url).toBe('no-store');
      expect(script.body, url).toContain(text);
      // A stand-in of a host's own script (a classic script) comes with the kit, wrapped in one function.
      if (!url.endsWith('-host.js') && !url.endsWith('/host-kit.js')) {
        expect(script.body, url).toMatch(/^\(\(\) => \{\n/);
        expect(script.body, url).toContain('function hostChannel(');
        expect(() => new Function(script.body), url).not.toThrow();
      }
    }
    const vk = await testApp().app.inject({ method: 'GET', url: '/dev/hosts/vk-host.js' });
    expect(vk.body).toContain("from './host-kit.js'");
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

/** The simulated Yandex Games: signs the player and purchases with the game's dev key, as Yandex would. */
describeEachEngine('the host simulator for Yandex Games', (engine) => {
  const testApp = useTestApp(engine);
  const post = hostPost(testApp);

  it('a signed player our sign-in accepts; a purchase our purchase check pays once', async () => {
    const launched = (await post('/dev/hosts/yandex/launch', { Game: 'sky-runner', User: 'returning' })).json();
    expect(launched).toMatchObject({ Url: '/play/sky-runner/iframe/yandex', Player: { authorized: true } });
    const guest = (await post('/dev/hosts/yandex/launch', { Game: 'sky-runner', User: 'guest' })).json();
    expect(guest.Player.authorized).toBe(false);
    // The boards the catalog keeps on Yandex, as Yandex's console would hold them.
    expect(launched.Leaderboards).toEqual({
      'best-score': {
        appID: 'sim-sky-runner',
        default: false,
        name: 'best-score',
        title: { en: 'Best score', ru: 'Лучший счёт' },
        description: { invert_sort_order: false, type: 'numeric', score_format: { options: { decimal_offset: 0 } } },
      },
    });
    const garden = (await post('/dev/hosts/yandex/launch', { Game: 'gem-garden', User: 'guest' })).json();
    expect(garden.Leaderboards).toEqual({});
    const { Signature } = (
      await post('/dev/hosts/yandex/sign-player', {
        Game: 'sky-runner',
        UniqueID: launched.Player.uniqueID,
        Name: launched.Player.name,
        Lang: 'ru',
      })
    ).json();
    const signedIn = (
      await post('/api/v1/auth/authenticate_from_social', {
        Social: 'YandexGames',
        Game: 'sky-runner',
        YandexGamesLogin: { Signature },
      })
    ).json();
    expect(signedIn.AuthenticatedSocialIdentifier).toBe(launched.Player.uniqueID);
    const purchase = { Token: 'b7c1c0de-0000-4000-8000-000000000001', ProductId: 'stars_100' };
    const one = (
      await post('/dev/hosts/yandex/sign-purchases', { Game: 'sky-runner', List: false, Purchases: [purchase] })
    ).json();
    const checked = await post(
      '/api/v1/yandexgames/purchase/sky-runner',
      { YandexSignedData: one.Signature },
      signedIn.Token,
    );
    expect(checked.json().TokenSuccesses).toMatchObject([
      { PurchaseToken: purchase.Token, Success: true, Sku: 'stars_100' },
    ]);
    const list = (
      await post('/dev/hosts/yandex/sign-purchases', { Game: 'sky-runner', List: true, Purchases: [purchase] })
    ).json();
    const again = await post(
      '/api/v1/yandexgames/purchase/sky-runner',
      { YandexSignedData: list.Signature, YandexGetPurchasesRequest: true },
      signedIn.Token,
    );
    expect(again.json().TokenSuccesses[0].TransactionId).toBe(checked.json().TokenSuccesses[0].TransactionId);
    const unknown = await post('/dev/hosts/yandex/sign-purchases', {
      Game: 'sky-runner',
      List: false,
      Purchases: [{ Token: 'x', ProductId: 'garden_pass' }],
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describeEachEngine('the simulated Odnoklassniki (/dev/hosts, platform ok)', (engine) => {
  const testApp = useTestApp(engine);
  const post = hostPost(testApp);

  it('launch parameters our sign-in accepts; Pay sends the signed callbacks.payment that pays the reference once', async () => {
    const launched = (await post('/dev/hosts/ok/launch', { Game: 'sky-runner', User: 'returning' })).json();
    expect(launched.Url).toMatch(/^\/play\/sky-runner\/iframe\/ok\?.*logged_user_id=576100000001.*&auth_sig=/);
    const signedIn = (
      await post('/api/v1/auth/authenticate_from_social', {
        Social: 'Odnoklassniki',
        Game: 'sky-runner',
        OdnoklassnikiLogin: { QueryString: launched.Url.slice(launched.Url.indexOf('?')) },
      })
    ).json();
    expect(signedIn.AuthenticatedSocialIdentifier).toBe(launched.User.uid);
    const purchases = platformPurchases(post, 'Odnoklassniki', signedIn.Token);
    const started = await purchases.start('stars_100');
    const block = started.Odnoklassniki;
    const pay = async () =>
      (
        await post('/dev/hosts/ok/pay', {
          Game: 'sky-runner',
          Uid: launched.User.uid,
          Code: block.Code,
          Price: block.Price,
          Attributes: block.ExtraAttributes,
        })
      ).json();
    const paid = await pay();
    expect(paid.Paid).toBe(true);
    expect(await purchases.found(started.OrderId)).toMatchObject({ Sku: 'stars_100' });
    const again = await pay();
    expect(again.Paid).toBe(false);
  });
});

describeEachEngine('the simulated Absolute Games (/dev/hosts, platform ag)', (engine) => {
  const testApp = useTestApp(engine);
  const post = hostPost(testApp);
  const signIn = (query: string) =>
    post('/api/v1/auth/authenticate_from_social', {
      Social: 'AbsoluteGames',
      Game: 'sky-runner',
      AbsoluteGamesLogin: { QueryString: query, UserAuth: '' },
    });

  it('iframe parameters our sign-in accepts (a guest refused); Pay sends the signed notification that pays the token once', async () => {
    const guest = (await post('/dev/hosts/ag/launch', { Game: 'sky-runner', User: 'guest' })).json();
    expect((await signIn(guest.Url.slice(guest.Url.indexOf('?')))).json().detail).toBe('Not authorized');
    const launched = (await post('/dev/hosts/ag/launch', { Game: 'sky-runner', User: 'returning' })).json();
    expect(launched.Url).toMatch(/^\/play\/sky-runner\/iframe\/ag\?.*player_id=ag-100001.*&auth_key=/);
    const query = launched.Url.slice(launched.Url.indexOf('?'));
    const signedIn = (await signIn(query)).json();
    expect(signedIn.AuthenticatedSocialIdentifier).toBe('ag-100001');
    const params = new URLSearchParams(query);
    const block = {
      AppId: params.get('app_id'),
      AuthKey: params.get('auth_key'),
      Debug: params.get('debug'),
      GameSid: params.get('game_sid'),
      PlayerId: params.get('player_id'),
      Guest: params.get('guest'),
      Invite: params.get('invite'),
    };
    const purchases = platformPurchases(post, 'AbsoluteGames', signedIn.Token);
    const started = await purchases.start('stars_100', { AbsoluteGames: block });
    const pay = () =>
      post('/dev/hosts/ag/pay', { Game: 'sky-runner', PlayerId: 'ag-100001', Token: started.AbsoluteGames.Token });
    expect((await pay()).json().Paid).toBe(true);
    expect((await pay()).json().Paid).toBe(true);
    expect(await purchases.found(started.OrderId)).toMatchObject({ Sku: 'stars_100' });
    const orders = await testApp()
      .database.handle.db.selectFrom('platform_purchases')
      .select('order_id')
      .where('external_order_id', '=', started.OrderId)
      .execute();
    expect(orders).toHaveLength(1);
    // The guest's login: new signed parameters of a logged-in player.
    const login = (await post('/dev/hosts/ag/login', { Game: 'sky-runner' })).json();
    const signedAfterLogin = await signIn(`?${new URLSearchParams(login.Options)}`);
    expect(signedAfterLogin.json().AuthenticatedSocialIdentifier).toBe(login.User.id);
  });
});

describeEachEngine('the simulated WizQ (/dev/hosts, platform ymobage)', (engine) => {
  const testApp = useTestApp(engine);
  const post = hostPost(testApp);

  it('a launch token our sign-in accepts; relayed requests count from 0, and Pay relays the payment that pays once', async () => {
    const launched = (await post('/dev/hosts/ymobage/launch', { Game: 'sky-runner', User: 'returning' })).json();
    const query = new URLSearchParams(launched.Url.slice(launched.Url.indexOf('?')));
    const signedIn = (
      await post('/api/v1/auth/authenticate_from_social', {
        Social: 'WizQ',
        Game: 'sky-runner',
        WizQLogin: { Token: query.get('wizq_token') },
      })
    ).json();
    expect(signedIn.AuthenticatedSocialIdentifier).toBe('900000001');
    const relay = (num: number, command: string, extra: Record<string, string> = {}) =>
      post('/dev/hosts/ymobage/proxy', {
        Game: 'sky-runner',
        ViewerId: '900000001',
        Session: launched.Session,
        Num: num,
        Command: command,
        ...extra,
      });
    expect((await relay(0, 'ping')).json()).toMatchObject({ Ok: true, Answer: { result: 'ok', num: 0 } });
    expect((await relay(0, 'ping')).json()).toMatchObject({ Ok: false, Answer: { code: 'replayed' } });
    const purchases = platformPurchases(post, 'WizQ', signedIn.Token);
    const started = await purchases.start('stars_100');
    const pay = { SecuredOrderId: started.WizQ.SecuredOrderId, Sku: 'stars_100' };
    expect((await relay(1, 'payment', pay)).json()).toMatchObject({ Ok: true });
    expect((await relay(2, 'payment', pay)).json()).toMatchObject({ Ok: true });
    expect(await purchases.found(started.OrderId)).toMatchObject({ Sku: 'stars_100' });
    const orders = await testApp()
      .database.handle.db.selectFrom('platform_purchases')
      .select('order_id')
      .where('external_order_id', '=', started.OrderId)
      .execute();
    expect(orders).toHaveLength(1);
  });
});

describe('the host simulator in production', () => {
  const testApp = useTestApp('sqlite', { mode: 'production' });

  it('does not exist: no page, script, fake platform API or signing route', async () => {
    for (const [method, url] of [
      ['GET', '/dev/hosts'],
      ['GET', '/dev/hosts/telegram'],
      ...HOST_SCRIPTS.map(([url]) => ['GET', url] as const),
      ['POST', '/dev/hosts/vkcom/launch'],
      ['POST', '/dev/hosts/vkcom/pay'],
      ['POST', '/dev/hosts/vkcom/refund'],
      ['POST', '/dev/hosts/yandex/sign-purchases'],
      ['POST', '/dev/hosts/ok/launch'],
      ['POST', '/dev/hosts/ok/pay'],
      ['POST', '/dev/hosts/vkplay/launch'],
      ['POST', '/dev/hosts/vkplay/pay'],
      ['POST', '/dev/hosts/fbinstantgames/launch'],
      ['POST', '/dev/hosts/fbinstantgames/sign-player'],
      ['POST', '/dev/hosts/fbinstantgames/sign-purchase'],
      ['POST', '/dev/hosts/fbgames/launch'],
      ['POST', '/dev/hosts/fbgames/sign-user'],
      ['POST', '/dev/hosts/fbgames/pay'],
      ['GET', '/dev/facebook-graph/v19.0/1'],
    ] as const) {
      const response = await testApp().app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
