import type { PlatformAdapter, SocialSignIn } from '@fxid/platforms';
import type {
  AdEvent,
  AdResult,
  FxEvent,
  GameInfo,
  LeaderboardInfo,
  Purchase,
  PurchaseResult,
  StoreFront,
} from '@fxid/sdk';
import type { HostHandlers } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
import { checkStatEvent, type StatRecord } from '../analytics/stat-events';
import { type CloudSaveStore, type CloudServices, createCloudHandlers } from '../cloud/cloud-handlers';
import { socialInfoOf } from './social-info';
import { filterWords } from './words-filter';

/**
 * What the portal offers a game on every platform; the player page supplies it.
 * Platform behaviour (friends, ads, share, purchase, …) comes from the adapter instead.
 */
export interface PortalServices {
  /** The game info as the portal knows it; `social` is replaced by the adapter's view. */
  gameInfo(): GameInfo;
  /** Opens the login modal; true when the player signed in. */
  signIn(): Promise<boolean>;
  /** Signs in on our server with the host platform's payload; true when it did. */
  signInFromPlatform(payload: SocialSignIn): Promise<boolean>;
  changeLanguage(lang: string): Promise<void>;
  supportedLocales: string[];
  copy(data: string, showModalOnFail: boolean): Promise<{ savedToClipboard: boolean }>;
  /** Asks a signed-in player to accept a due version of the document first, else shows it; true when shown. */
  showDocument(type: 'tos' | 'pp'): Promise<boolean>;
  /** Opens the report-issue modal for the signed-in player (who may have just signed in); true when sent. */
  reportIssue(defaults: { subject?: string; message?: string }): Promise<boolean>;
  /** The game's store front on this platform, in the player's language. */
  storeFront(): Promise<StoreFront>;
  /** The signed-in player's paid purchases in this game that the game has not consumed. */
  purchases(): Promise<Purchase[]>;
  /** Marks a purchase taken by the game; rejects with SdkError `purchase_already_consumed` the second time. */
  consumePurchase(transactionId: string): Promise<void>;
  /**
   * Whether the signed-in player owns `sku` as a one-time product (bought on any provider),
   * so that it cannot be bought again.
   */
  ownsOneTime(sku: string): Promise<boolean>;
  /**
   * The paid purchase a platform's signed callback made on our server for exactly this
   * platform order (its id as the platform's client answered it); rejects with `timeout`
   * when the callback does not come.
   */
  platformOrder(order: PlatformOrder): Promise<PurchaseResult>;
  /** Posts the player's status in this game (POST /friends/status). */
  setStatus(status: string): Promise<void>;
  onLoadingReady(): void;
  onGameRunning(running: boolean): void;
  log(message: string, data?: unknown): void;
  /** Records a stat call for the portal's analytics; queues only, never throws into the game. */
  trackStat(record: StatRecord): void;
  /** Reports a signed-in player's in-game event for cross-play quests. */
  sendFxEvent(event: FxEvent): Promise<void>;
  /** Subscribes this browser to the game's Web Push notifications; never rejects for a refusal. */
  registerPush(): Promise<{ registered: boolean }>;
  /** Sends an ad event to the game. */
  emitAd(event: AdEvent): void;
  /** fxid's saves and leaderboards, for platforms whose adapter brings none of its own. */
  cloud: CloudServices;
  /** Where the catalog keeps this game's saves on this platform: the host's storage or fxid's. */
  cloudSaves(): CloudSaveStore;
  /** The game's boards the catalog keeps in this platform's own leaderboards (the others are fxid's). */
  hostLeaderboards(): LeaderboardInfo[];
}

/** A purchase a host platform took: which platform, its order id, and the product it was for. */
export interface PlatformOrder {
  platform: PlatformAdapter['platform'];
  orderId: string;
  sku: string;
}

const signedIn = (portal: PortalServices) => !!portal.gameInfo().fxId.userId;

/**
 * Signs the player in the platform's way: through its own prompt where it has one (Yandex's
 * auth dialog: declining leaves a guest), else its payload, else the portal's login modal.
 */
async function signInHere(adapter: PlatformAdapter, portal: PortalServices): Promise<boolean> {
  if (adapter.promptSignIn) {
    const prompted = await adapter.promptSignIn();
    return prompted ? portal.signInFromPlatform(prompted) : false;
  }
  const payload = adapter.signInPayload();
  return payload ? portal.signInFromPlatform(payload) : portal.signIn();
}

/** Shows an ad and tells the game how it ended, also as the spec's ad event; a vendor failure is an outcome, not an error. */
async function showAd(
  portal: PortalServices,
  kind: 'video' | 'interstitial',
  show: () => Promise<AdResult>,
): Promise<AdResult> {
  let result: AdResult;
  try {
    result = await show();
  } catch (error) {
    // The platform's own refusals (`not_available`, `unsupported`) reach the game as they are.
    if (error instanceof SdkError) throw error;
    portal.log('ad failed', error);
    result = { outcome: 'Failed' };
  }
  portal.emitAd({ type: result.outcome, kind });
  return result;
}

/**
 * Every method of the game channel (spec §7) on every platform: arguments are checked
 * and errors coded here once; what differs per platform comes from the adapter; the
 * portal's own services (documents, support, analytics, push, store) are shared.
 * `live` is read at call time, so handlers made once always see the page's state.
 */
export function createHostHandlers(adapter: PlatformAdapter, live: () => PortalServices): HostHandlers {
  const portal = new Proxy({} as PortalServices, { get: (_target, key) => live()[key as keyof PortalServices] });
  const statReady = { value: false };
  /** Analytics is the portal's business: a failure there never reaches the game. */
  const track = (record: StatRecord) => {
    try {
      portal.trackStat(record);
    } catch (error) {
      portal.log('stat not tracked', error);
    }
  };
  const requirePlayer = (what: string) => {
    if (!signedIn(portal)) throw new SdkError('guest', `${what} needs a signed-in player`);
  };
  const vendorCall = (vendor: 'vkBridge' | 'crazyGames', name: string) => async (params: unknown) => {
    const call = params as { method?: unknown; props?: unknown } | undefined;
    if (typeof call?.method !== 'string' || !call.method) {
      throw new SdkError('invalid_request', `${vendor}.call needs a method`);
    }
    if (call.props !== undefined && (typeof call.props !== 'object' || call.props === null)) {
      throw new SdkError('invalid_request', `${vendor}.call props must be an object`);
    }
    if (!adapter.vendorCall) throw new SdkError('unsupported', `${name} is not supported on this platform`);
    return adapter.vendorCall(vendor, { method: call.method, props: call.props as Record<string, unknown> });
  };

  return {
    getInfo: () => {
      const info = portal.gameInfo();
      return { ...info, social: socialInfoOf(adapter, info) };
    },
    stat: {
      initialize: (params) => {
        statReady.value = true;
        portal.log('stat initialised');
        track({ kind: 'initialize', appId: params?.appId, userId: params?.userId });
      },
      event: (params) => {
        // The SDK holds events back (polling once per second) until this says initialised.
        if (!statReady.value) throw new SdkError('not_initialized', 'Not initialized');
        const event = checkStatEvent(params);
        portal.log('stat event', event);
        track({ kind: 'event', event });
        adapter.stat?.(event);
      },
    },
    ads: {
      isVideoReady: () => adapter.ads.isVideoReady(),
      isInterstitialReady: () => adapter.ads.isInterstitialReady(),
      showVideo: () => showAd(portal, 'video', () => adapter.ads.showVideo()),
      showInterstitial: () => showAd(portal, 'interstitial', () => adapter.ads.showInterstitial()),
      showStickyBanner: async (params) => {
        const position = params?.position ?? 'bottom';
        if (position !== 'top' && position !== 'bottom') {
          throw new SdkError('invalid_request', 'showStickyBanner position must be top or bottom');
        }
        await adapter.ads.showBanner(position);
      },
      hideStickyBanner: () => adapter.ads.hideBanner(),
    },
    buyProduct: async ({ sku, developerPayload }) => {
      if (typeof sku !== 'string' || !sku) throw new SdkError('invalid_request', 'buyProduct needs a sku');
      if (!adapter.paymentsAvailable) {
        const done = await adapter.purchase(sku, developerPayload);
        if (done.kind === 'completed') return done.result;
        throw new SdkError('handler_failed', `${adapter.platform} reported an order the portal does not take`);
      }
      // A platform's own payment completes on our server through its signed callback: the
      // buyer's account must exist there first, and the order is found by the platform's id of it.
      if (!signedIn(portal) && !(await signInHere(adapter, portal))) {
        throw new SdkError('guest', 'Buying needs a signed-in player');
      }
      // As on the web: a one-time product the player owns is not sold again (the server refuses it too).
      if (await portal.ownsOneTime(sku)) {
        throw new SdkError('product_already_owned', `You already own ${sku}; it can be bought only once`);
      }
      const done = await adapter.purchase(sku, developerPayload);
      if (done.kind === 'completed') return done.result;
      if (!done.externalOrderId) {
        throw new SdkError('handler_failed', `${adapter.platform} took the payment but named no order`);
      }
      const paid = await portal.platformOrder({
        platform: adapter.platform,
        orderId: done.externalOrderId,
        sku: done.sku,
      });
      if (!done.omitUsdAmount) return paid;
      const { usdAmount: _omitted, ...stats } = paid.stats;
      return { ...paid, stats };
    },
    storeFront: () => portal.storeFront(),
    // What a store purchase (or one made in another tab) left for the game: nothing for a guest.
    getPurchases: async () => (signedIn(portal) ? portal.purchases() : []),
    consumePurchase: async (params) => {
      const id = params?.transactionId;
      if (typeof id !== 'string' || !id) throw new SdkError('invalid_request', 'consumePurchase needs a transactionId');
      requirePlayer('Consuming a purchase');
      await portal.consumePurchase(id);
      return { consumed: true as const };
    },
    review: {
      canReview: () => adapter.review.canReview(),
      request: () => adapter.review.request(),
      info: () => adapter.review.info(),
    },
    authenticateUser: async () => {
      if (signedIn(portal)) return { authenticated: true };
      if (!(await signInHere(adapter, portal))) {
        throw new SdkError('cancelled', 'The player closed the sign-in window');
      }
      return { authenticated: true };
    },
    changeLanguage: async ({ lang }) => {
      if (!portal.supportedLocales.includes(lang)) {
        throw new SdkError('invalid_request', `Language ${lang} is not one of ${portal.supportedLocales.join(', ')}`);
      }
      await portal.changeLanguage(lang);
    },
    createSupportRequest: async (params) => {
      // The message goes out under the player's account: a guest signs in first, or gets no form.
      if (!signedIn(portal) && !(await signInHere(adapter, portal))) {
        throw new SdkError('guest', 'The support form needs a signed-in player');
      }
      return { sent: await portal.reportIssue({ ...params }) };
    },
    push: { register: async () => ({ registered: (await portal.registerPush()).registered }) },
    friends: {
      get: () => adapter.friends(),
      invite: (params) => adapter.invite(typeof params?.message === 'string' ? params.message : undefined),
      joinCommunity: () => adapter.joinCommunity(),
      addToFavourites: () => adapter.addToFavourites(),
    },
    linkShare: async (params) => {
      if (typeof params?.link !== 'string' || !params.link)
        throw new SdkError('invalid_request', 'linkShare needs a link');
      return adapter.share(params.link, typeof params.text === 'string' ? params.text : undefined);
    },
    setStatus: async (params) => {
      if (typeof params?.status !== 'string') throw new SdkError('invalid_request', 'setStatus needs a status');
      requirePlayer('Player status');
      await portal.setStatus(params.status);
    },
    urlHash: {
      get: () => decodeURIComponent(window.location.hash.replace(/^#/, '')),
      set: ({ value }) => {
        // An empty value clears the hash without leaving a bare "#" behind.
        const url = `${window.location.pathname}${window.location.search}${value ? `#${encodeURIComponent(value)}` : ''}`;
        window.history.replaceState(window.history.state, '', url);
      },
    },
    clipboard: { save: ({ data, showModalOnFail }) => portal.copy(data, showModalOnFail ?? false) },
    analytics: {
      dataLayerPush: (entry) => {
        const target = window as unknown as { dataLayer?: unknown[] };
        target.dataLayer ??= [];
        target.dataLayer.push(entry);
      },
    },
    wordsFilter: ({ text }) => filterWords(text),
    consentStatus: () => ({ applies: false, analytics: true, advertising: false }),
    loadingReady: () => {
      portal.onLoadingReady();
      adapter.lifecycle.loadingReady();
    },
    gameStarted: () => {
      portal.onGameRunning(true);
      adapter.lifecycle.gameplayStart();
    },
    gameStopped: () => {
      portal.onGameRunning(false);
      adapter.lifecycle.gameplayStop();
    },
    documents: async (params) => ({ shown: await portal.showDocument(params?.type ?? 'tos') }),
    vkBridge: { call: vendorCall('vkBridge', 'VK Bridge') },
    crazyGames: { call: vendorCall('crazyGames', 'The CrazyGames SDK') },
    fxEvent: async (params) => {
      // Quest progress is kept per account, so a guest's events have nowhere to go.
      if (!signedIn(portal)) throw new SdkError('guest', 'Cross-play events need a signed-in player');
      const event = (params ?? {}) as FxEvent;
      if (typeof event.eventCode !== 'string' || !event.eventCode) {
        throw new SdkError('invalid_request', 'fxEvent needs an eventCode');
      }
      if (event.value !== undefined && !(Number.isInteger(event.value) && event.value >= 0)) {
        throw new SdkError('invalid_request', 'fxEvent value must be a whole number ≥ 0');
      }
      for (const key of ['p1', 'p2', 'p3'] as const) {
        if (event[key] !== undefined && typeof event[key] !== 'string') {
          throw new SdkError('invalid_request', `fxEvent ${key} must be a string`);
        }
      }
      await portal.sendFxEvent({
        eventCode: event.eventCode,
        value: event.value,
        p1: event.p1,
        p2: event.p2,
        p3: event.p3,
      });
    },
    ...createCloudHandlers(
      adapter,
      () => portal.cloud,
      () => portal.cloudSaves(),
      () => portal.hostLeaderboards(),
    ),
  };
}
