import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformPaymentStart, PortalFeatures } from '../adapter.js';
import { expectNothingOutsideAFrame } from '../adapter-test-support.js';
import { parseVkPlayLaunch, vkPlayAdapter } from './vkplay-adapter.js';
import type { VkPlayAnswer, VkPlayCallbackName } from './vkplay-core.js';

const LAUNCH = '?appid=2000001&hash=abc&uid=9100000001&sign=0123456789abcdef0123456789abcdef';
const GUEST = '?appid=2000001&hash=abc&sign=0123456789abcdef0123456789abcdef';

type Callbacks = Record<VkPlayCallbackName, (answer?: VkPlayAnswer) => void>;

/** VK Play's iframeApi stood in by a fake (platform-protocols.md §1c): each method answers through its callbacks. */
function fakeVkPlay() {
  const calls: unknown[][] = [];
  const state = {
    loginStatus: 2,
    payment: [['paymentReceivedCallback', { status: 'ok' }]] as [VkPlayCallbackName, VkPlayAnswer][],
    signIn: { status: 'ok', uid: '9100000002' } as VkPlayAnswer,
    ad: { type: 'adCompleted' } as VkPlayAnswer,
    profile: {
      status: 'ok',
      uid: '9100000001',
      nick: 'Nadia',
      avatar: 'https://avt.example/nadia.png',
    } as VkPlayAnswer,
  };
  let callbacks = {} as Callbacks;
  const later = (name: VkPlayCallbackName, answer: VkPlayAnswer) => setTimeout(() => callbacks[name](answer));
  const api = {
    getLoginStatus: () => later('getLoginStatusCallback', { status: 'ok', loginStatus: state.loginStatus }),
    userProfile: () => later('userProfileCallback', state.profile),
    authUser: () => {
      calls.push(['authUser']);
      later('userInfoCallback', state.signIn);
    },
    registerUser: () => {
      calls.push(['registerUser']);
      later('registerUserCallback', state.signIn);
    },
    reloadWindow: () => calls.push(['reloadWindow']),
    paymentFrame: (params: unknown) => {
      calls.push(['paymentFrame', params]);
      for (const [name, answer] of state.payment) later(name, answer);
    },
    showAds: (params: unknown) => {
      calls.push(['showAds', params]);
      later('adsCallback', state.ad);
    },
  };
  const iframeApi = async (options: { appid: string } & Callbacks) => {
    calls.push(['iframeApi', options.appid]);
    callbacks = options;
    return api;
  };
  return { calls, state, iframeApi };
}

const START: PlatformPaymentStart = {
  OrderId: 'vkp_reference_000000001',
  VkontaktePlay: {
    MerchantParam: {
      amount: 399,
      currency: 'RUB',
      description: '550 stars',
      item_id: 'stars_550',
      order_id: 'vkp_reference_000000001',
    },
  },
};

let vkplay = fakeVkPlay();
const started: unknown[][] = [];
const make = (launchQuery = LAUNCH, start: PlatformPaymentStart = START) =>
  vkPlayAdapter({
    game: 'sky-runner',
    launchQuery,
    locale: () => 'ru',
    portal: {
      platformPayment: async (...args: unknown[]) => {
        started.push(args);
        return start;
      },
    } as unknown as PortalFeatures,
    scriptUrls: { vkplay: '/never-loaded.js' },
    verifySignedPurchases: async () => [],
    log: () => {},
  });

beforeEach(() => {
  vkplay = fakeVkPlay();
  started.length = 0;
  // Framed by VK Play, its script already on the page.
  vi.stubGlobal('window', { parent: {}, iframeApi: vkplay.iframeApi });
});

describe('the VK Play adapter', () => {
  it('reads the currency from the launch, RUB when absent or malformed (spec store §5)', () => {
    expect(parseVkPlayLaunch('?appid=1&currency=USD').currency).toBe('USD');
    expect(parseVkPlayLaunch('?appid=1').currency).toBe('RUB');
    expect(parseVkPlayLaunch('?appid=1&currency=rub%3Cx').currency).toBe('RUB');
  });

  it('outside a frame or without an app id loads nothing and signs nobody in', async () => {
    await expectNothingOutsideAFrame(make, 'stars_550');
    vi.stubGlobal('window', { parent: {}, iframeApi: vkplay.iframeApi });
    await make('?foo=bar').init();
    expect(vkplay.calls).toEqual([]);
  });

  it('a registered player (login status 2) signs in with the query string as received', async () => {
    const adapter = make();
    await adapter.init();
    expect(vkplay.calls).toEqual([['iframeApi', '2000001']]);
    expect(adapter.signInPayload()).toEqual({ Social: 'VkontaktePlay', VkontaktePlayLogin: { QueryString: LAUNCH } });
    expect(adapter.socialProfile()).toMatchObject({
      userId: '9100000001',
      displayName: 'Nadia',
      photo: { url: 'https://avt.example/nadia.png' },
    });
    expect(adapter).toMatchObject({ paymentsAvailable: true, abilities: ['AdsAvailable'] });
  });

  it('leaves the name out when userProfile names another player or is not https', async () => {
    vkplay.state.profile = { status: 'ok', uid: '1', nick: 'Someone else', avatar: 'https://x.example/a.png' };
    const adapter = make();
    await adapter.init();
    expect(adapter.socialProfile()).toMatchObject({ displayName: '', photo: null });
    vkplay.state.profile = { status: 'ok', uid: '9100000001', nick: 'Nadia', avatar: 'javascript:alert(1)' };
    const other = make();
    await other.init();
    expect(other.socialProfile()).toMatchObject({ displayName: 'Nadia', photo: null });
  });

  it('status 0 logs in through authUser, status 1 registers through registerUser, each then reloads; declining stays a guest', async () => {
    vkplay.state.loginStatus = 0;
    const guest = make(GUEST);
    await guest.init();
    expect(guest.signInPayload()).toBeNull();
    expect(guest.socialProfile()).toMatchObject({ userId: null });
    void guest.promptSignIn?.();
    await vi.waitFor(() => expect(vkplay.calls).toContainEqual(['reloadWindow']));
    expect(vkplay.calls).toContainEqual(['authUser']);

    vkplay = fakeVkPlay();
    vi.stubGlobal('window', { parent: {}, iframeApi: vkplay.iframeApi });
    vkplay.state.loginStatus = 1;
    vkplay.state.signIn = { status: 'error', errmsg: 'User cancelled' };
    const unregistered = make(LAUNCH);
    await unregistered.init();
    expect(unregistered.signInPayload()).toBeNull();
    expect(await unregistered.promptSignIn?.()).toBeNull();
    expect(vkplay.calls).toContainEqual(['registerUser']);
    expect(vkplay.calls).not.toContainEqual(['reloadWindow']);
  });

  it("a paid paymentFrame is the server's platform order, opened with the server's merchant_param in the launch currency", async () => {
    const adapter = make(`${LAUNCH}&currency=USD`);
    await adapter.init();
    expect(await adapter.purchase('stars_550')).toEqual({
      kind: 'platform-order',
      sku: 'stars_550',
      externalOrderId: 'vkp_reference_000000001',
    });
    expect(started).toEqual([['stars_550', undefined, { Currency: 'USD' }]]);
    expect(vkplay.calls[1]).toEqual(['paymentFrame', { merchant_param: START.VkontaktePlay?.MerchantParam }]);
  });

  it('a closed window is cancelled, a failed payment payment_not_completed; a missing block is refused', async () => {
    const adapter = make();
    await adapter.init();
    vkplay.state.payment = [['paymentWindowClosedCallback', {}]];
    await expect(adapter.purchase('stars_550')).rejects.toMatchObject({ code: 'cancelled' });
    vkplay.state.payment = [
      ['paymentReceivedCallback', { status: 'error', errmsg: 'Payment failed' }],
      ['paymentWindowClosedCallback', {}],
    ];
    await expect(adapter.purchase('stars_550')).rejects.toMatchObject({ code: 'payment_not_completed' });
    const empty = make(LAUNCH, { OrderId: 'vkp_x' });
    await empty.init();
    await expect(empty.purchase('stars_550')).rejects.toMatchObject({ code: 'payment_not_completed' });
  });

  it('ads go through showAds: completed is Finished, a dismissed video Skipped, an error Failed; no banners', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Finished' });
    expect(vkplay.calls[1]).toEqual(['showAds', { interstitial: false }]);
    vkplay.state.ad = { type: 'adDismissed' };
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Skipped' });
    expect(await adapter.ads.showInterstitial()).toEqual({ outcome: 'Finished' });
    vkplay.state.ad = { type: 'adError', code: 'AdsNotFound' };
    expect(await adapter.ads.showInterstitial()).toEqual({ outcome: 'Failed' });
    await expect(adapter.ads.showBanner('bottom')).rejects.toMatchObject({ code: 'not_available' });
    await expect(adapter.friends()).rejects.toMatchObject({ code: 'unsupported' });
  });
});
