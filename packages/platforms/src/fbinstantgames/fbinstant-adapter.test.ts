import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AdvertisementSettings,
  PlatformPaymentStart,
  PortalFeatures,
  PurchaseVerdict,
  SignedPurchaseProof,
} from '../adapter.js';
import { expectNothingOutsideAFrame } from '../adapter-test-support.js';
import { fbInstantAdapter } from './fbinstant-adapter.js';
import { PAYMENTS_NOT_READY } from './fbinstant-purchases.js';

/** FBInstant stood in by a fake whose every answer a test may change (platform-protocols.md §13c). */
function fakeFbInstant() {
  const calls: string[] = [];
  const state = {
    paymentsReady: true,
    signedPlayer: 'player-signature' as string | null,
    purchase: async (options: { productID: string; developerPayload?: string }): Promise<unknown> => ({
      paymentID: '9001',
      productID: options.productID,
      purchaseToken: 'token-9001',
      developerPayload: options.developerPayload,
      signedRequest: 'purchase-signed-request',
    }),
    unconsumed: [] as unknown[],
    ad: 'finish' as 'finish' | 'close' | 'no-fill',
    pause: undefined as undefined | (() => void),
  };
  const adInstance = (kind: string, placement: string) => ({
    getPlacementID: () => placement,
    loadAsync: async () => {
      calls.push(`load ${kind} ${placement}`);
      if (state.ad === 'no-fill') throw { code: 'ADS_NO_FILL', message: 'No fill' };
    },
    showAsync: async () => {
      calls.push(`show ${kind}`);
      if (state.ad === 'close') throw { code: 'USER_INPUT', message: 'closed' };
    },
  });
  const FBInstant = {
    initializeAsync: async () => void calls.push('initializeAsync'),
    setLoadingProgress: (percent: number) => void calls.push(`progress ${percent}`),
    startGameAsync: async () => void calls.push('startGameAsync'),
    onPause: (listener: () => void) => {
      state.pause = listener;
    },
    getLocale: () => 'ru_RU',
    getPlatform: () => 'WEB',
    player: {
      getID: () => '4100000000001',
      getName: () => 'Mark Pavlov',
      getPhoto: () => 'https://photos.example/mark.png',
      getSignedPlayerInfoAsync: async () => {
        if (!state.signedPlayer) throw { code: 'NETWORK_FAILURE', message: 'offline' };
        const signature = state.signedPlayer;
        return { getPlayerID: () => '4100000000001', getSignature: () => signature };
      },
    },
    context: {
      getID: () => 'ctx-1',
      chooseAsync: async () => {
        calls.push('chooseAsync');
      },
      getPlayersAsync: async () => [{ getID: () => '4100000000001' }, { getID: () => '4100000000009' }],
    },
    payments: {
      onReady: (listener: () => void) => {
        if (state.paymentsReady) listener();
      },
      purchaseAsync: (options: { productID: string; developerPayload?: string }) => {
        calls.push(`purchaseAsync ${options.productID} ${options.developerPayload}`);
        return state.purchase(options);
      },
      getPurchasesAsync: async () => state.unconsumed,
      consumePurchaseAsync: async (token: string) => void calls.push(`consume ${token}`),
    },
    getInterstitialAdAsync: async (placement: string) => adInstance('interstitial', placement),
    getRewardedVideoAsync: async (placement: string) => adInstance('rewarded', placement),
    shareAsync: async (options: { text: string; image: string }) =>
      void calls.push(`share ${options.text} ${options.image.slice(0, 22)}`),
  };
  return { calls, state, FBInstant };
}

let fb = fakeFbInstant();
let verdicts: PurchaseVerdict[] = [];
/** Our server's answer to one proof (by default, `verdicts`). */
let answer: (proof: SignedPurchaseProof) => PurchaseVerdict[] = () => verdicts;
const proofs: SignedPurchaseProof[] = [];
const starts: string[] = [];
let advertisement: AdvertisementSettings = {
  FacebookInstant: { InterstitialPlacementId: 'inter_1', RewardedPlacementId: 'rewarded_1' },
};
const started: PlatformPaymentStart = {
  OrderId: 'fbi_ref',
  FacebookInstantGames: { StoreSpecificOrderProductSku: 'stars_100', DeveloperPayload: 'fbi_ref' },
};
const make = () =>
  fbInstantAdapter({
    game: 'sky-runner',
    launchQuery: '',
    locale: () => 'en',
    portal: {
      advertisement: () => advertisement,
      platformPayment: async (sku: string) => {
        starts.push(sku);
        return started;
      },
    } as unknown as PortalFeatures,
    scriptUrls: { fbinstantgames: '/never-loaded.js' },
    verifySignedPurchases: async (proof) => {
      proofs.push(proof);
      return answer(proof);
    },
    log: () => {},
  });
const paid = (paymentId = '9001'): PurchaseVerdict => ({
  token: `token-${paymentId}`,
  success: true,
  sku: 'stars_100',
  transactionId: `ord_${paymentId}`,
  errorCode: null,
  externalOrderId: paymentId,
});

beforeEach(() => {
  fb = fakeFbInstant();
  verdicts = [];
  answer = () => verdicts;
  proofs.length = 0;
  starts.length = 0;
  advertisement = { FacebookInstant: { InterstitialPlacementId: 'inter_1', RewardedPlacementId: 'rewarded_1' } };
  // Framed by Facebook, its script already on the page.
  vi.stubGlobal('window', { parent: {}, FBInstant: fb.FBInstant });
});

describe('the Facebook Instant Games adapter', () => {
  it('outside a frame loads nothing, signs nobody in and answers not_available', async () => {
    await expectNothingOutsideAFrame(make);
  });

  it('starts the game on Facebook and signs in with the SignedPlayerInfo', async () => {
    const adapter = make();
    await adapter.init();
    expect(fb.calls.slice(0, 3)).toEqual(['initializeAsync', 'progress 100', 'startGameAsync']);
    expect(adapter.signInPayload()).toEqual({
      Social: 'FacebookInstantGames',
      FacebookInstantGamesLogin: { Signature: 'player-signature' },
    });
    expect(adapter.socialProfile()).toMatchObject({
      userId: '4100000000001',
      firstName: 'Mark',
      lastName: 'Pavlov',
      socialLocale: 'ru',
      socialFlavor: 'WEB',
    });
    expect(adapter).toMatchObject({ paymentsAvailable: true, abilities: ['FriendsInvite', 'AdsAvailable'] });
  });

  it('without a SignedPlayerInfo nobody is signed in and buying answers guest', async () => {
    fb.state.signedPlayer = null;
    const adapter = make();
    await adapter.init();
    expect(adapter.signInPayload()).toBeNull();
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'guest' });
  });

  it('buys with the server’s product id and reference, has the server check it, then consumes it', async () => {
    verdicts = [paid()];
    const adapter = make();
    await adapter.init();
    expect(await adapter.purchase('stars_100')).toEqual({
      kind: 'platform-order',
      sku: 'stars_100',
      externalOrderId: '9001',
    });
    expect(proofs).toEqual([{ platform: 'FacebookInstantGames', signedData: 'purchase-signed-request' }]);
    expect(fb.calls.filter((call) => /purchaseAsync|consume/.test(call))).toEqual([
      'purchaseAsync stars_100 fbi_ref',
      'consume token-9001',
    ]);
  });

  it('before payments.onReady fired: Payments api still not ready, nothing opened', async () => {
    fb.state.paymentsReady = false;
    const adapter = make();
    await adapter.init();
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({
      code: 'not_available',
      message: PAYMENTS_NOT_READY,
    });
    expect(starts).toEqual([]);
  });

  it('a closed dialog is cancelled, a failed one payment_not_completed, a refused one not validated and not consumed', async () => {
    const adapter = make();
    await adapter.init();
    fb.state.purchase = async () => Promise.reject({ code: 'USER_INPUT', message: 'closed' });
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'cancelled' });
    fb.state.purchase = async () => Promise.reject({ code: 'NETWORK_FAILURE', message: 'offline' });
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'payment_not_completed' });
    fb.state.purchase = fakeFbInstant().state.purchase;
    verdicts = [{ ...paid(), success: false, errorCode: 'platform_order_mismatch' }];
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({
      code: 'payment_not_completed',
      message: 'Purchase not validated',
    });
    expect(fb.calls.some((call) => call.startsWith('consume'))).toBe(false);
  });

  it('settles unconsumed purchases at start: consumes those the server paid, keeps the others', async () => {
    fb.state.unconsumed = [
      { paymentID: '1', productID: 'stars_100', purchaseToken: 'token-1', signedRequest: 'signed-1' },
      { paymentID: '2', productID: 'stars_100', purchaseToken: 'token-2', signedRequest: 'signed-2' },
    ];
    // Each purchase is checked on its own: the server paid the first and refused the second.
    answer = (proof) =>
      'signedData' in proof && proof.signedData === 'signed-1'
        ? [paid('1')]
        : [{ ...paid('2'), success: false, errorCode: 'platform_order_mismatch' }];
    const adapter = make();
    await adapter.init();
    await adapter.settlePendingPurchases?.();
    expect(proofs.map((proof) => ('signedData' in proof ? proof.signedData : null))).toEqual(['signed-1', 'signed-2']);
    expect(fb.calls.filter((call) => call.startsWith('consume'))).toEqual(['consume token-1']);
  });

  it('ads: finished, closed early (Skipped), no fill (Failed), and no placement id (Failed without asking)', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Finished' });
    expect(fb.calls).toContain('load rewarded rewarded_1');
    fb.state.ad = 'close';
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Skipped' });
    fb.state.ad = 'no-fill';
    expect(await adapter.ads.showInterstitial()).toEqual({ outcome: 'Failed' });
    advertisement = {};
    fb.calls.length = 0;
    expect(await adapter.ads.isInterstitialReady()).toBe(false);
    expect(await adapter.ads.showInterstitial()).toEqual({ outcome: 'Failed' });
    expect(fb.calls).toEqual([]);
    await expect(adapter.ads.showBanner('bottom')).rejects.toMatchObject({ code: 'not_available' });
  });

  it('invites through a chosen context, shares with an image, and passes Facebook’s pause on', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.invite()).toEqual({ invitedIds: ['4100000000009'] });
    expect(await adapter.share('https://fxid.example/go/x', 'Play with me')).toEqual({ shared: true });
    expect(fb.calls).toContain('share Play with me data:image/png;base64,');
    const events: string[] = [];
    adapter.onHostEvent((event) => events.push(event.type));
    fb.state.pause?.();
    expect(events).toEqual(['pause']);
    await expect(adapter.friends()).rejects.toMatchObject({ code: 'unsupported' });
  });
});
