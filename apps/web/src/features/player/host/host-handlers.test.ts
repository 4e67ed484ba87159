// @vitest-environment jsdom
import { loadAdapter, type PlatformAdapter, type PortalFeatures, type SocialSignIn } from '@fxid/platforms';
import type { Friend, PurchaseResult } from '@fxid/sdk';
import { resolvePath } from '@fxid/sdk/host';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildGameInfo } from './game-info';
import { createHostHandlers, type PortalServices } from './host-handlers';
import { type PortalFriend, toSdkFriend } from './sdk-friends';

const info = (userId: string | null) =>
  buildGameInfo({
    game: 'sky-runner',
    account: userId
      ? {
          AccountId: userId,
          Name: 'Ada Lovelace',
          EmailValidated: true,
          MarketingEnabled: false,
          Guest: false,
          HasEmail: true,
          HasCompletedOrder: false,
        }
      : undefined,
    token: 'bearer',
    gameJwt: `x.${btoa(JSON.stringify({ sub: 'uid-1' }))}.y`,
    locale: 'en',
    supportedLocales: ['en', 'ru'],
    defaultLocale: 'en',
    capabilities: [],
    userAgent: 'Mozilla/5.0 (Linux; Android 14)',
    isMobile: true,
    safeArea: { left: 0, right: 0, top: 0, bottom: 0 },
  });

const purchase = {
  transactionId: 'ord_AAAAAAAAAAAAAAAAAAAAAA',
  stats: { currency: 'USD', currencyAmount: 0.99, usdAmount: 0.99 },
  sku: 'stars_100',
  productType: 'Consumable',
  products: [{ sku: 'stars_100', quantity: 1 }],
  purchasedAt: '2026-11-23T12:00:00.000Z',
};

/** The portal's services and the features the own site's adapter borrows, as one fake page. */
type FakePage = Omit<
  PortalServices,
  'signInFromPlatform' | 'ownsOneTime' | 'platformOrder' | 'emitAd' | 'cloud' | 'cloudSaves' | 'hostLeaderboards'
> & {
  share(link: string, text?: string): void;
  buyProduct(sku: string, developerPayload?: string): Promise<PurchaseResult>;
  friends(): Promise<PortalFriend[]>;
  inviteFriends(): Promise<void>;
};

let fxid: (portal: PortalFeatures) => PlatformAdapter;
beforeAll(async () => {
  const factory = await loadAdapter('fxid');
  fxid = (portal) =>
    factory({
      game: 'sky-runner',
      launchQuery: '',
      locale: () => 'en',
      portal,
      scriptUrls: {},
      verifySignedPurchases: async () => [],
      log: () => {},
    });
});

function setup(overrides: Partial<FakePage> = {}) {
  const deps: FakePage = {
    gameInfo: () => info(null),
    signIn: vi.fn(async () => false),
    changeLanguage: vi.fn(async () => {}),
    supportedLocales: ['en', 'ru'],
    share: vi.fn(),
    copy: vi.fn(async () => ({ savedToClipboard: false })),
    showDocument: vi.fn(async () => true),
    reportIssue: vi.fn(async () => true),
    storeFront: vi.fn(async () => ({ products: [] })),
    buyProduct: vi.fn(async () => ({
      transactionId: 'ord_1',
      stats: { currency: 'USD', currencyAmount: 0.99, usdAmount: 0.99 },
    })),
    purchases: vi.fn(async () => [purchase]),
    consumePurchase: vi.fn(async () => {}),
    friends: vi.fn(async () => [{ FriendAccountId: 'acc-2', Name: 'Grace Hopper' }]),
    inviteFriends: vi.fn(async () => {}),
    setStatus: vi.fn(async () => {}),
    onLoadingReady: vi.fn(),
    onGameRunning: vi.fn(),
    log: vi.fn(),
    trackStat: vi.fn(),
    sendFxEvent: vi.fn(async () => {}),
    registerPush: vi.fn(async () => ({ registered: false, reason: 'the player cancelled' })),
    ...overrides,
  };
  const services: PortalServices = {
    ...deps,
    signInFromPlatform: vi.fn(async () => false),
    ownsOneTime: vi.fn(async () => false),
    platformOrder: vi.fn(async () => Promise.reject(new Error('no platform orders on fxid'))),
    emitAd: vi.fn(),
    // Saves and leaderboards have their own tests (../cloud).
    cloud: {} as PortalServices['cloud'],
    cloudSaves: () => 'Fxid',
    hostLeaderboards: () => [],
  };
  const adapter = fxid({
    isSignedIn: () => !!deps.gameInfo().fxId.userId,
    signIn: () => deps.signIn(),
    checkout: (sku, developerPayload) => deps.buyProduct(sku, developerPayload),
    friends: async (): Promise<Friend[]> => (await deps.friends()).map(toSdkFriend),
    inviteLink: () => deps.inviteFriends(),
    shareLink: (link, text) => deps.share(link, text),
    advertisement: () => ({}),
    platformPayment: async () => Promise.reject(new Error('no platform payments on fxid')),
  });
  const handlers = createHostHandlers(adapter, () => services);
  /** Calls a handler by its dotted path, as the channel does. */
  const call = async (path: string, params?: unknown) => {
    const found = resolvePath(handlers, path);
    if ('error' in found) throw found.error;
    return found.fn.call(found.self, params);
  };
  return { deps, call };
}

describe("the own site's answers to the game (the fxid adapter)", () => {
  it('describes a guest and a signed-in player', () => {
    const guest = info(null);
    expect(guest.fxId).toMatchObject({ userId: null, guest: true, token: null, gameToken: null, gameUid: null });
    expect(guest.environment).toMatchObject({ os: 'android', isMobile: true, supportedLocales: ['en', 'ru'] });
    expect(guest.sdk).toEqual({ major: 1, minor: 6, build: 3159 });
    const player = info('acc-1');
    expect(player.fxId).toMatchObject({ userId: 'acc-1', guest: false, token: 'bearer', gameUid: 'uid-1' });
    expect(player.social).toMatchObject({ social: 'FxId', firstName: 'Ada', lastName: 'Lovelace' });
  });

  it.each([
    ['ads.showVideo', 'not_available'],
    ['ads.showInterstitial', 'not_available'],
    ['friends.joinCommunity', 'unsupported'],
    ['review.request', 'unsupported'],
    ['vkBridge.call', 'unsupported'],
    ['crazyGames.call', 'unsupported'],
  ])('answers %s with a typed %s error', async (path, code) => {
    await expect(setup().call(path, { sku: 'stars_100', method: 'x' })).rejects.toMatchObject({ code });
  });

  it('answers push.register with the outcome of the portal subscription, and only registered', async () => {
    const { call, deps } = setup();
    expect(await call('push.register')).toEqual({ registered: false });
    const subscribed = setup({ registerPush: vi.fn(async () => ({ registered: true })) });
    expect(await subscribed.call('push.register')).toEqual({ registered: true });
    expect(deps.registerPush).toHaveBeenCalledTimes(1);
  });

  it('lists what a signed-in player bought and consumes it by order id; a guest has nothing', async () => {
    const guest = setup();
    expect(await guest.call('getPurchases')).toEqual([]);
    expect(guest.deps.purchases).not.toHaveBeenCalled();
    await expect(guest.call('consumePurchase', { transactionId: purchase.transactionId })).rejects.toMatchObject({
      code: 'guest',
    });

    const { call, deps } = setup({ gameInfo: () => info('acc-1') });
    expect(await call('getPurchases')).toEqual([purchase]);
    expect(await call('consumePurchase', { transactionId: purchase.transactionId })).toEqual({ consumed: true });
    expect(deps.consumePurchase).toHaveBeenCalledWith(purchase.transactionId);
    await expect(call('consumePurchase', {})).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('answers storeFront and buyProduct through the page, passing the developer payload', async () => {
    const { call, deps } = setup();
    expect(await call('storeFront')).toEqual({ products: [] });
    expect(await call('buyProduct', { sku: 'stars_100', developerPayload: 'level-3' })).toMatchObject({
      transactionId: 'ord_1',
    });
    expect(deps.buyProduct).toHaveBeenCalledWith('stars_100', 'level-3');
    await expect(call('buyProduct', {})).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('gives a signed-in player their friends, the invite share and status updates; a guest gets guest', async () => {
    const player = setup({ gameInfo: () => info('acc-1') });
    expect(await player.call('friends.get')).toEqual([
      {
        uid: 'acc-2',
        firstName: 'Grace',
        lastName: 'Hopper',
        displayName: 'Grace Hopper',
        gender: 'unspecified',
        photo: null,
      },
    ]);
    expect(await player.call('friends.invite', { message: 'Join me' })).toEqual({ invitedIds: [] });
    expect(player.deps.inviteFriends).toHaveBeenCalledOnce();
    await player.call('setStatus', { status: 'Level 12' });
    expect(player.deps.setStatus).toHaveBeenCalledWith('Level 12');
    await expect(player.call('setStatus', {})).rejects.toMatchObject({ code: 'invalid_request' });
    const guest = setup();
    for (const path of ['friends.get', 'friends.invite']) {
      await expect(guest.call(path)).rejects.toMatchObject({ code: 'guest' });
    }
    await expect(guest.call('setStatus', { status: 'x' })).rejects.toMatchObject({ code: 'guest' });
    expect(guest.deps.friends).not.toHaveBeenCalled();
    expect(guest.deps.setStatus).not.toHaveBeenCalled();
  });

  it('says no ad is ready rather than failing the check', async () => {
    expect(await setup().call('ads.isVideoReady')).toBe(false);
  });

  it('signs a guest in through the login modal, and reports a closed modal as cancelled', async () => {
    const cancelled = setup();
    await expect(cancelled.call('authenticateUser')).rejects.toMatchObject({ code: 'cancelled' });
    const signed = setup({ signIn: vi.fn(async () => true) });
    expect(await signed.call('authenticateUser')).toEqual({ authenticated: true });
  });

  it('changes to a supported language and refuses others', async () => {
    const { call, deps } = setup();
    await call('changeLanguage', { lang: 'ru' });
    expect(deps.changeLanguage).toHaveBeenCalledWith('ru');
    await expect(call('changeLanguage', { lang: 'xx' })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('reads, sets and clears the page hash', async () => {
    const { call } = setup();
    await call('urlHash.set', { value: 'level 3' });
    expect(window.location.hash).toBe('#level%203');
    expect(await call('urlHash.get')).toBe('level 3');
    await call('urlHash.set', { value: '' });
    expect(window.location.href.endsWith('#')).toBe(false);
    expect(await call('urlHash.get')).toBe('');
  });

  it('wants stat initialisation before stat events', async () => {
    const { call } = setup();
    await expect(call('stat.event', { section: 's', type: 't', name: 'n' })).rejects.toMatchObject({
      code: 'not_initialized',
    });
    await call('stat.initialize');
    await expect(call('stat.event', { section: 's', type: 't', name: 'n' })).resolves.toBeUndefined();
  });

  it('feeds stat calls to analytics, and an analytics failure never reaches the game', async () => {
    const { call, deps } = setup();
    await call('stat.initialize', { appId: 'app-7' });
    await call('stat.event', { section: 'tutorial', type: 'tutorial', name: 'start', value: -1 });
    expect(deps.trackStat).toHaveBeenNthCalledWith(1, { kind: 'initialize', appId: 'app-7', userId: undefined });
    expect(deps.trackStat).toHaveBeenNthCalledWith(2, {
      kind: 'event',
      event: { section: 'tutorial', type: 'tutorial', name: 'start', value: -1 },
    });
    await expect(call('stat.event', { section: 's', type: 't' })).rejects.toMatchObject({ code: 'invalid_request' });
    expect(deps.trackStat).toHaveBeenCalledTimes(2);
    const failing = setup({
      trackStat: vi.fn(() => {
        throw new Error('queue broke');
      }),
    });
    await expect(failing.call('stat.initialize')).resolves.toBeUndefined();
    await expect(failing.call('stat.event', { section: 's', type: 't', name: 'n' })).resolves.toBeUndefined();
    expect(failing.deps.log).toHaveBeenCalledWith('stat not tracked', expect.any(Error));
  });

  it("sends a signed-in player's fxEvent for cross-play, and answers a guest with guest", async () => {
    const guest = setup();
    await expect(guest.call('fxEvent', { eventCode: 'level_won' })).rejects.toMatchObject({ code: 'guest' });
    expect(guest.deps.sendFxEvent).not.toHaveBeenCalled();
    const player = setup({ gameInfo: () => info('acc-1') });
    await expect(player.call('fxEvent', { eventCode: 'level_won', value: 3, p1: 'forest' })).resolves.toBeUndefined();
    expect(player.deps.sendFxEvent).toHaveBeenCalledWith({
      eventCode: 'level_won',
      value: 3,
      p1: 'forest',
      p2: undefined,
      p3: undefined,
    });
    for (const params of [
      {},
      { eventCode: 'x', value: -1 },
      { eventCode: 'x', value: 1.5 },
      { eventCode: 'x', p2: 7 },
    ]) {
      await expect(player.call('fxEvent', params)).rejects.toMatchObject({ code: 'invalid_request' });
    }
    expect(player.deps.sendFxEvent).toHaveBeenCalledTimes(1);
  });

  it('pushes analytics entries to the data layer and masks profanity', async () => {
    const { call } = setup();
    await call('analytics.dataLayerPush', { event: 'level_up' });
    expect((window as unknown as { dataLayer: unknown[] }).dataLayer).toEqual([{ event: 'level_up' }]);
    expect(await call('wordsFilter', { text: 'what the fuck' })).toEqual({ text: 'what the f***', changed: true });
    expect(await call('wordsFilter', { text: 'hello' })).toEqual({ text: 'hello', changed: false });
  });

  it('hands sharing, copying, documents and lifecycle signals to the page', async () => {
    const { call, deps } = setup();
    expect(await call('linkShare', { link: 'https://x.example' })).toEqual({ shared: true });
    expect(await call('clipboard.save', { data: 'code', showModalOnFail: true })).toEqual({ savedToClipboard: false });
    expect(deps.copy).toHaveBeenCalledWith('code', true);
    expect(await call('documents', { type: 'pp' })).toEqual({ shown: true });
    await call('loadingReady');
    await call('gameStarted');
    expect(deps.onLoadingReady).toHaveBeenCalled();
    expect(deps.onGameRunning).toHaveBeenCalledWith(true);
  });

  it("opens the report-issue form for a signed-in player, passing the game's defaults", async () => {
    const player = setup({ gameInfo: () => info('acc-1') });
    expect(await player.call('createSupportRequest', { subject: 'payment_issues', message: 'Lost gems' })).toEqual({
      sent: true,
    });
    expect(player.deps.reportIssue).toHaveBeenCalledWith({ subject: 'payment_issues', message: 'Lost gems' });
    const closed = setup({ gameInfo: () => info('acc-1'), reportIssue: vi.fn(async () => false) });
    expect(await closed.call('createSupportRequest')).toEqual({ sent: false });
  });

  it('asks a guest to sign in before the report-issue form, and answers guest when they close the login', async () => {
    const refused = setup();
    await expect(refused.call('createSupportRequest')).rejects.toMatchObject({ code: 'guest' });
    expect(refused.deps.signIn).toHaveBeenCalledOnce();
    expect(refused.deps.reportIssue).not.toHaveBeenCalled();
    const signed = setup({ signIn: vi.fn(async () => true) });
    expect(await signed.call('createSupportRequest', { subject: 'bug_report' })).toEqual({ sent: true });
    expect(signed.deps.reportIssue).toHaveBeenCalledWith({ subject: 'bug_report' });
    const player = setup({ gameInfo: () => info('acc-1') });
    await player.call('createSupportRequest');
    expect(player.deps.signIn).not.toHaveBeenCalled();
  });

  it('answers documents once the page showed the document (or had it accepted), terms by default', async () => {
    const { call, deps } = setup();
    expect(await call('documents')).toEqual({ shown: true });
    expect(deps.showDocument).toHaveBeenCalledWith('tos');
  });
});

/** A host platform with its own payments, ads and profile, as the VK adapter is. */
function hostPlatform(overrides: Partial<PlatformAdapter> = {}) {
  const adapter: PlatformAdapter = {
    name: 'vkcom',
    platform: 'VkontakteCom',
    abilities: ['FriendsList', 'AdsAvailable'],
    paymentsAvailable: true,
    init: async () => {},
    socialProfile: () => ({
      userId: '777',
      displayName: 'Pavel D',
      firstName: 'Pavel',
      lastName: 'D',
      photo: null,
      gender: 'male',
      socialLocale: 'ru',
      socialFlavor: 'desktop_web',
    }),
    signInPayload: () => ({ Social: 'VkontakteCom', VkontakteComLogin: { QueryString: '?vk_user_id=777' } }),
    friends: async () => [],
    invite: async () => ({ invitedIds: [] }),
    share: async () => ({ shared: true }),
    joinCommunity: async () => ({ joined: false }),
    addToFavourites: async () => ({ added: true }),
    ads: {
      isVideoReady: async () => true,
      showVideo: async () => ({ outcome: 'Finished' }),
      isInterstitialReady: async () => true,
      showInterstitial: async () => {
        throw new Error('vendor broke');
      },
      showBanner: async () => {},
      hideBanner: async () => {},
    },
    review: {
      canReview: async () => ({ canReview: false }),
      request: async () => ({ feedbackSent: false }),
      info: async () => ({ reviewed: false }),
    },
    lifecycle: { loadingReady: vi.fn(), gameplayStart: vi.fn(), gameplayStop: vi.fn() },
    onHostEvent: () => () => {},
    purchase: vi.fn(async (sku: string) => ({ kind: 'platform-order' as const, sku, externalOrderId: '42' })),
    vendorCall: vi.fn(async () => ({ ok: true })),
    ...overrides,
  };
  let userId: string | null = null;
  const services = {
    gameInfo: () => {
      const base = info(userId);
      return {
        ...base,
        social: {
          ...base.social,
          capabilities: ['FriendsList', 'FriendsInvite', 'AdsAvailable', 'RateApplication', 'OutgoingLinksForbidden'],
        },
      };
    },
    signInFromPlatform: vi.fn(async () => {
      userId = 'acc-vk';
      return true;
    }),
    purchases: vi.fn(async () => [purchase]),
    ownsOneTime: vi.fn(async () => false),
    platformOrder: vi.fn(async () => ({ transactionId: 'ord_new', stats: { currency: 'VKV', currencyAmount: 1 } })),
    emitAd: vi.fn(),
    log: vi.fn(),
  } as unknown as PortalServices;
  const handlers = createHostHandlers(adapter, () => services);
  const call = async (path: string, params?: unknown) => {
    const found = resolvePath(handlers, path);
    if ('error' in found) throw found.error;
    return found.fn.call(found.self, params);
  };
  return { adapter, services, call };
}

describe('a host platform through the same handlers', () => {
  it("tells the game the platform's profile and payments, and only the abilities the adapter has", async () => {
    const { call } = hostPlatform();
    const info = (await call('getInfo')) as { social: Record<string, unknown> };
    expect(info.social).toMatchObject({
      social: 'VkontakteCom',
      paymentsAvailable: true,
      userId: '777',
      gender: 'male',
    });
    // FriendsInvite and RateApplication are granted by the catalog but not implemented: not promised.
    expect(info.social.capabilities).toEqual(['FriendsList', 'AdsAvailable', 'OutgoingLinksForbidden']);
  });

  it("signs a guest in with the platform's payload, then finds the order the platform's callback made", async () => {
    const { call, services, adapter } = hostPlatform();
    expect(await call('buyProduct', { sku: 'stars_100' })).toEqual({
      transactionId: 'ord_new',
      stats: { currency: 'VKV', currencyAmount: 1 },
    });
    expect(services.signInFromPlatform).toHaveBeenCalledOnce();
    expect(adapter.purchase).toHaveBeenCalledWith('stars_100', undefined);
    // Exactly the order the platform named (VK's order_id), never the first purchase of the sku.
    expect(services.platformOrder).toHaveBeenCalledWith({ platform: 'VkontakteCom', orderId: '42', sku: 'stars_100' });
    expect(services.purchases).not.toHaveBeenCalled();
  });

  it('two quick purchases of one sku each get the order their own platform order id made', async () => {
    let next = 0;
    const { call, services } = hostPlatform({
      purchase: vi.fn(async (sku: string) => ({
        kind: 'platform-order' as const,
        sku,
        externalOrderId: `vk-${++next}`,
      })),
    });
    vi.mocked(services.platformOrder).mockImplementation(async ({ orderId }) => ({
      transactionId: `ord_for_${orderId}`,
      stats: { currency: 'VKV', currencyAmount: 1 },
    }));
    const [first, second] = await Promise.all([
      call('buyProduct', { sku: 'stars_100' }),
      call('buyProduct', { sku: 'stars_100' }),
    ]);
    expect(new Set([first, second].map((result) => (result as { transactionId: string }).transactionId))).toEqual(
      new Set(['ord_for_vk-1', 'ord_for_vk-2']),
    );
  });

  it('refuses a one-time product the player owns with product_already_owned before the order box opens', async () => {
    const { call, services, adapter } = hostPlatform();
    vi.mocked(services.ownsOneTime).mockResolvedValueOnce(true);
    await expect(call('buyProduct', { sku: 'no_ads' })).rejects.toMatchObject({ code: 'product_already_owned' });
    expect(services.ownsOneTime).toHaveBeenCalledWith('no_ads');
    expect(adapter.purchase).not.toHaveBeenCalled();
    expect(services.platformOrder).not.toHaveBeenCalled();
  });

  it('leaves usdAmount out of the result where the adapter says so (Absolute Games), and only there', async () => {
    const withUsd = { transactionId: 'ord_usd', stats: { currency: 'RUB', currencyAmount: 79, usdAmount: 0.99 } };
    const plain = hostPlatform();
    (plain.services.platformOrder as ReturnType<typeof vi.fn>).mockResolvedValue(withUsd);
    expect(await plain.call('buyProduct', { sku: 'stars_100' })).toEqual(withUsd);
    const ag = hostPlatform({
      purchase: async (sku: string) => ({
        kind: 'platform-order' as const,
        sku,
        externalOrderId: 'agp_1',
        omitUsdAmount: true,
      }),
    });
    (ag.services.platformOrder as ReturnType<typeof vi.fn>).mockResolvedValue(withUsd);
    expect(await ag.call('buyProduct', { sku: 'stars_100' })).toEqual({
      transactionId: 'ord_usd',
      stats: { currency: 'RUB', currencyAmount: 79 },
    });
  });

  it('a platform payment that names no order is handler_failed, not a guess', async () => {
    const { call, services } = hostPlatform({
      purchase: async (sku: string) => ({ kind: 'platform-order' as const, sku, externalOrderId: '' }),
    });
    await expect(call('buyProduct', { sku: 'stars_100' })).rejects.toMatchObject({ code: 'handler_failed' });
    expect(services.platformOrder).not.toHaveBeenCalled();
  });

  it("a guest of a platform with its own sign-in prompt is asked there: declined, 'guest' and nothing bought", async () => {
    const signIn = vi.fn(async () => true);
    const promptSignIn = vi.fn(async (): Promise<SocialSignIn | null> => null);
    const { call, services, adapter } = hostPlatform({ signInPayload: () => null, promptSignIn });
    (services as unknown as { signIn: typeof signIn }).signIn = signIn;
    await expect(call('buyProduct', { sku: 'stars_100' })).rejects.toMatchObject({ code: 'guest' });
    expect(promptSignIn).toHaveBeenCalledOnce();
    expect(signIn).not.toHaveBeenCalled();
    expect(adapter.purchase).not.toHaveBeenCalled();
    // Signed in there, the player signs in on our server with what the prompt gave, then buys.
    promptSignIn.mockResolvedValueOnce({ Social: 'YandexGames', YandexGamesLogin: { Signature: 's.d' } });
    expect(await call('buyProduct', { sku: 'stars_100' })).toMatchObject({ transactionId: 'ord_new' });
    expect(services.signInFromPlatform).toHaveBeenCalledWith({
      Social: 'YandexGames',
      YandexGamesLogin: { Signature: 's.d' },
    });
  });

  it('passes a cancelled order box on as it is and looks for no order', async () => {
    const cancelled = Object.assign(new Error('UserCancelled'), { code: 'cancelled' });
    const { call, services } = hostPlatform({ purchase: async () => Promise.reject(cancelled) });
    await expect(call('buyProduct', { sku: 'stars_100' })).rejects.toMatchObject({ code: 'cancelled' });
    expect(services.platformOrder).not.toHaveBeenCalled();
  });

  it('sends the ad events of spec §4: Finished, and Failed when the vendor breaks', async () => {
    const { call, services } = hostPlatform();
    expect(await call('ads.showVideo')).toEqual({ outcome: 'Finished' });
    expect(services.emitAd).toHaveBeenLastCalledWith({ type: 'Finished', kind: 'video' });
    expect(await call('ads.showInterstitial')).toEqual({ outcome: 'Failed' });
    expect(services.emitAd).toHaveBeenLastCalledWith({ type: 'Failed', kind: 'interstitial' });
    await expect(call('ads.showStickyBanner', { position: 'side' })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('forwards vkBridge.call to the vendor client after checking its arguments', async () => {
    const { call, adapter } = hostPlatform();
    expect(await call('vkBridge.call', { method: 'VKWebAppStorageGet', props: { keys: ['a'] } })).toEqual({ ok: true });
    expect(adapter.vendorCall).toHaveBeenCalledWith('vkBridge', {
      method: 'VKWebAppStorageGet',
      props: { keys: ['a'] },
    });
    await expect(call('vkBridge.call', {})).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('gives lifecycle signals to the platform too', async () => {
    const { call, adapter } = hostPlatform();
    const services = { onLoadingReady: vi.fn(), onGameRunning: vi.fn() };
    const handlers = createHostHandlers(adapter, () => services as unknown as PortalServices);
    await (handlers.loadingReady as () => void)();
    expect(adapter.lifecycle.loadingReady).toHaveBeenCalledOnce();
    expect(call).toBeDefined();
  });
});
