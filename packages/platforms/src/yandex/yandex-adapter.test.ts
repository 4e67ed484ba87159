import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdvertisementSettings, PortalFeatures, PurchaseVerdict, SignedPurchaseProof } from '../adapter.js';
import { expectNothingOutsideAFrame } from '../adapter-test-support.js';
import { yandexAdapter } from './yandex-adapter.js';

/** YaGames stood in by a fake whose every answer a test may change (platform-protocols.md §13a). */
function fakeYandex() {
  const calls: string[] = [];
  const state = {
    authorized: true,
    authDialog: 'close' as 'close' | 'accept',
    purchase: async (_options: { id: string }): Promise<unknown> => ({ signature: 'purchase-signature' }),
    unconsumed: Object.assign([] as unknown[], { signature: undefined as string | undefined }),
    deviceType: 'desktop',
    rewarded: 'finish' as 'finish' | 'skip' | 'error',
    handlers: new Map<string, () => void>(),
  };
  const payments = {
    purchase: (options: { id: string }) => {
      calls.push(`purchase ${options.id}`);
      return state.purchase(options);
    },
    getPurchases: async () => state.unconsumed,
    consumePurchase: async (token: string) => {
      calls.push(`consume ${token}`);
    },
  };
  const ysdk = {
    environment: { i18n: { lang: 'ru', tld: 'ru' } },
    deviceInfo: {
      get type() {
        return state.deviceType;
      },
    },
    features: {
      LoadingAPI: { ready: () => calls.push('LoadingAPI.ready') },
      GameplayAPI: { start: () => calls.push('GameplayAPI.start'), stop: () => calls.push('GameplayAPI.stop') },
    },
    on: (event: string, listener: () => void) => state.handlers.set(event, listener),
    getPlayer: async (options: { signed?: boolean }) => ({
      getUniqueID: () => (state.authorized ? 'ya-777' : 'guest-1'),
      isAuthorized: () => state.authorized,
      getName: () => (state.authorized ? 'Alisa' : ''),
      getPhoto: () => 'https://avatars.example/alisa',
      signature: options.signed ? `player-signature-${state.authorized}` : undefined,
    }),
    auth: {
      openAuthDialog: async () => {
        calls.push('openAuthDialog');
        if (state.authDialog === 'close') throw new Error('closed');
        state.authorized = true;
      },
    },
    getPayments: async (options: { signed?: boolean }) => {
      calls.push(`getPayments signed=${options.signed}`);
      return payments;
    },
    adv: {
      showRewardedVideo: ({ callbacks }: { callbacks: Record<string, (arg?: unknown) => void> }) => {
        calls.push('showRewardedVideo');
        if (state.rewarded === 'error') return callbacks.onError?.(new Error('no fill'));
        if (state.rewarded === 'finish') callbacks.onRewarded?.();
        callbacks.onClose?.();
      },
      showFullscreenAdv: ({ callbacks }: { callbacks: Record<string, (arg?: unknown) => void> }) =>
        callbacks.onClose?.(true),
      showBannerAdv: async () => ({ stickyAdvIsShowing: false, reason: 'ADV_IS_NOT_CONNECTED' }),
    },
    feedback: {
      canReview: async () => ({ value: true }),
      requestReview: async () => ({ feedbackSent: true }),
    },
  };
  return { calls, state, YaGames: { init: async () => ysdk } };
}

let yandex = fakeYandex();
let verdicts: PurchaseVerdict[] = [];
const proofs: SignedPurchaseProof[] = [];
let advertisement: AdvertisementSettings = { Yandex: { DesktopBlockId: 'R-A-1-1', MobileBlockId: 'R-A-1-2' } };
const make = () =>
  yandexAdapter({
    game: 'sky-runner',
    launchQuery: '',
    locale: () => 'en',
    portal: { advertisement: () => advertisement } as unknown as PortalFeatures,
    scriptUrls: { yandex: '/never-loaded.js' },
    verifySignedPurchases: async (proof) => {
      proofs.push(proof);
      return verdicts;
    },
    log: () => {},
  });
const ok = (token: string, sku = 'stars_100'): PurchaseVerdict => ({
  token,
  success: true,
  sku,
  transactionId: `ord_${token}`,
  errorCode: null,
});

beforeEach(() => {
  yandex = fakeYandex();
  verdicts = [];
  proofs.length = 0;
  advertisement = { Yandex: { DesktopBlockId: 'R-A-1-1', MobileBlockId: 'R-A-1-2' } };
  // Framed by Yandex Games, its script already on the page.
  vi.stubGlobal('window', { parent: {}, YaGames: yandex.YaGames });
});

describe('the Yandex Games adapter', () => {
  it('outside a frame loads nothing, signs nobody in and answers not_available', async () => {
    await expectNothingOutsideAFrame(make);
  });

  it('an authorized player signs in with the signed player and is described by Yandex', async () => {
    const adapter = make();
    await adapter.init();
    expect(adapter.signInPayload()).toEqual({
      Social: 'YandexGames',
      YandexGamesLogin: { Signature: 'player-signature-true' },
    });
    expect(adapter.socialProfile()).toMatchObject({
      userId: 'ya-777',
      displayName: 'Alisa',
      socialLocale: 'ru',
      socialFlavor: 'desktop',
      photo: { url: 'https://avatars.example/alisa' },
    });
    expect(adapter).toMatchObject({ paymentsAvailable: true, abilities: ['AdsAvailable', 'RateApplication'] });
  });

  it('a guest is not signed in; buying asks Yandex to authorize, and a closed dialog leaves a guest', async () => {
    yandex.state.authorized = false;
    const adapter = make();
    await adapter.init();
    expect(adapter.signInPayload()).toBeNull();
    expect(await adapter.promptSignIn?.()).toBeNull();
    yandex.state.authDialog = 'accept';
    expect(await adapter.promptSignIn?.()).toEqual({
      Social: 'YandexGames',
      YandexGamesLogin: { Signature: 'player-signature-true' },
    });
    expect(yandex.calls.filter((call) => call === 'openAuthDialog')).toHaveLength(2);
  });

  it('a purchase is checked on the server, consumed only after Success, and found as the platform order', async () => {
    const adapter = make();
    await adapter.init();
    verdicts = [ok('tok-1')];
    expect(await adapter.purchase('stars_100')).toEqual({
      kind: 'platform-order',
      sku: 'stars_100',
      externalOrderId: 'tok-1',
    });
    expect(proofs).toEqual([{ platform: 'YandexGames', signedData: 'purchase-signature', fromPurchaseList: false }]);
    expect(yandex.calls).toContain('getPayments signed=true');
    expect(yandex.calls.slice(-2)).toEqual(['purchase stars_100', 'consume tok-1']);
  });

  it("a refused or unsigned purchase is 'Purchase not validated' and not consumed; a closed window is cancelled", async () => {
    const adapter = make();
    await adapter.init();
    verdicts = [{ ...ok('tok-2'), success: false, errorCode: 'platform_price_mismatch' }];
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({
      code: 'payment_not_completed',
      message: 'Purchase not validated',
    });
    yandex.state.purchase = async () => ({});
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ message: 'Purchase not validated' });
    yandex.state.purchase = async () => Promise.reject(new Error('The player closed the purchase window'));
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'cancelled' });
    yandex.state.purchase = async () => Promise.reject(new Error('Payment failed'));
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'payment_not_completed' });
    expect(yandex.calls.filter((call) => call.startsWith('consume'))).toEqual([]);
  });

  it('unconsumed purchases at start are checked as a list and each Success consumed', async () => {
    yandex.state.unconsumed = Object.assign([{ purchaseToken: 'a' }, { purchaseToken: 'b' }], {
      signature: 'list-signature',
    });
    verdicts = [ok('a'), { ...ok('b'), success: false, errorCode: 'platform_product_unknown' }];
    const adapter = make();
    await adapter.init();
    await adapter.settlePendingPurchases?.();
    expect(proofs).toEqual([{ platform: 'YandexGames', signedData: 'list-signature', fromPurchaseList: true }]);
    expect(yandex.calls.filter((call) => call.startsWith('consume'))).toEqual(['consume a']);
  });

  it('rewarded video: rewarded is Finished, closed early Skipped, an error Failed; a missing block id Failed', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.ads.isVideoReady()).toBe(true);
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Finished' });
    yandex.state.rewarded = 'skip';
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Skipped' });
    yandex.state.rewarded = 'error';
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Failed' });
    expect(await adapter.ads.showInterstitial()).toEqual({ outcome: 'Finished' });
    yandex.state.deviceType = 'mobile';
    advertisement = { Yandex: { DesktopBlockId: 'R-A-1-1' } };
    const shown = yandex.calls.length;
    expect(await adapter.ads.isVideoReady()).toBe(false);
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Failed' });
    expect(yandex.calls.length).toBe(shown);
    await expect(adapter.ads.showBanner('bottom')).rejects.toMatchObject({ code: 'not_available' });
  });

  it('lifecycle, review and pause/resume are Yandex’s; friends and sharing are unsupported', async () => {
    const adapter = make();
    await adapter.init();
    const events: string[] = [];
    adapter.onHostEvent((event) => events.push(event.type));
    adapter.lifecycle.loadingReady();
    adapter.lifecycle.loadingReady();
    adapter.lifecycle.gameplayStart();
    adapter.lifecycle.gameplayStop();
    expect(yandex.calls.filter((call) => /API/.test(call))).toEqual([
      'LoadingAPI.ready',
      'GameplayAPI.start',
      'GameplayAPI.stop',
    ]);
    yandex.state.handlers.get('game_api_pause')?.();
    yandex.state.handlers.get('game_api_resume')?.();
    expect(events).toEqual(['pause', 'resume']);
    expect(await adapter.review.canReview()).toEqual({ canReview: true });
    expect(await adapter.review.request()).toEqual({ feedbackSent: true });
    await expect(adapter.friends()).rejects.toMatchObject({ code: 'unsupported' });
    await expect(adapter.share('https://x.example')).rejects.toMatchObject({ code: 'unsupported' });
  });
});
