import type { FxEvent, Purchase, PurchaseResult, StoreFront, SupportSubject } from '@fxid/sdk';
import type { GameInfo, HostHandlers } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
import { checkStatEvent, type StatRecord } from '../analytics/stat-events';
import { type PortalFriend, toSdkFriend } from './sdk-friends';
import { filterWords } from './words-filter';

/** What the portal's own platform offers a game; the player page supplies it. */
export interface FxidHostDeps {
  gameInfo(): GameInfo;
  /** Opens the login modal; true when the player signed in. */
  signIn(): Promise<boolean>;
  changeLanguage(lang: string): Promise<void>;
  supportedLocales: string[];
  share(link: string, text?: string): void;
  copy(data: string, showModalOnFail: boolean): Promise<{ savedToClipboard: boolean }>;
  /** Asks a signed-in player to accept a due version of the document first, else shows it; true when shown. */
  showDocument(type: 'tos' | 'pp'): Promise<boolean>;
  /** Opens the report-issue modal for the signed-in player (who may have just signed in); true when sent. */
  reportIssue(defaults: { subject?: SupportSubject; message?: string }): Promise<boolean>;
  /** The game's store front on this platform, in the player's language. */
  storeFront(): Promise<StoreFront>;
  /** Runs the whole purchase (sign-in, checkout, status poll); rejects with a coded error. */
  buyProduct(sku: string, developerPayload?: string): Promise<PurchaseResult>;
  /** The signed-in player's paid purchases in this game that the game has not consumed. */
  purchases(): Promise<Purchase[]>;
  /** Marks a purchase taken by the game; rejects with SdkError `purchase_already_consumed` the second time. */
  consumePurchase(transactionId: string): Promise<void>;
  /** The signed-in player's friends with a status update from the last year. */
  friends(): Promise<PortalFriend[]>;
  /** Gets the player's invite link to this game and opens it in the link share modal. */
  inviteFriends(): Promise<void>;
  /** Posts the player's status in this game (POST /friends/status). */
  setStatus(status: string): Promise<void>;
  onLoadingReady(): void;
  onGameRunning(running: boolean): void;
  log(message: string, data?: unknown): void;
  /** Records a stat call for the portal's analytics; queues only, never throws into the game. */
  trackStat(record: StatRecord): void;
  /** Reports a signed-in player's in-game event for cross-play quests. */
  sendFxEvent(event: FxEvent): Promise<void>;
  /** Subscribes this browser to the game's Web Push notifications (features/push); never rejects for a refusal. */
  registerPush(): Promise<{ registered: boolean }>;
}

const notAvailable = (what: string) => () => {
  throw new SdkError('not_available', `${what} is not available on this platform`);
};
const unsupported = (what: string) => () => {
  throw new SdkError('unsupported', `${what} is not supported on this platform`);
};

/** Friends live on the player's account, so a guest gets a typed `guest` error. */
function requirePlayer(deps: FxidHostDeps, what: string): void {
  if (!deps.gameInfo().fxId.userId) throw new SdkError('guest', `${what} needs a signed-in player`);
}

/**
 * Every method of the game channel on fxid's own site (spec §7): real answers where
 * the site has the feature, a typed `not_available` / `unsupported` error where not.
 */
export function createFxidHandlers(live: () => FxidHostDeps): HostHandlers {
  // Read at call time, so handlers made once always see the page's current state.
  const deps = new Proxy({} as FxidHostDeps, { get: (_target, key) => live()[key as keyof FxidHostDeps] });
  const statReady = { value: false };
  /** Analytics is the portal's business: a failure there never reaches the game. */
  const track = (record: StatRecord) => {
    try {
      deps.trackStat(record);
    } catch (error) {
      deps.log('stat not tracked', error);
    }
  };
  return {
    getInfo: () => deps.gameInfo(),
    stat: {
      initialize: (params) => {
        statReady.value = true;
        deps.log('stat initialised');
        track({ kind: 'initialize', appId: params?.appId, userId: params?.userId });
      },
      event: (params) => {
        // The SDK holds events back (polling once per second) until this says initialised.
        if (!statReady.value) throw new SdkError('not_initialized', 'Not initialized');
        const event = checkStatEvent(params);
        deps.log('stat event', event);
        track({ kind: 'event', event });
      },
    },
    // The own site runs no ad network (capability AdsAvailable is off).
    ads: {
      isVideoReady: () => false,
      isInterstitialReady: () => false,
      showVideo: notAvailable('Rewarded video'),
      showInterstitial: notAvailable('Interstitial advertising'),
      showStickyBanner: notAvailable('Banner advertising'),
      hideStickyBanner: notAvailable('Banner advertising'),
    },
    buyProduct: ({ sku, developerPayload }) => {
      if (typeof sku !== 'string' || !sku) throw new SdkError('invalid_request', 'buyProduct needs a sku');
      return deps.buyProduct(sku, developerPayload);
    },
    storeFront: () => deps.storeFront(),
    // What a store purchase (or one made in another tab) left for the game: nothing for a guest.
    getPurchases: async () => (deps.gameInfo().fxId.userId ? deps.purchases() : []),
    consumePurchase: async (params) => {
      const id = params?.transactionId;
      if (typeof id !== 'string' || !id) throw new SdkError('invalid_request', 'consumePurchase needs a transactionId');
      requirePlayer(deps, 'Consuming a purchase');
      await deps.consumePurchase(id);
      return { consumed: true as const };
    },
    review: {
      canReview: () => ({ canReview: false, reason: 'unsupported' }),
      request: unsupported('Rating the game'),
      info: () => ({ reviewed: false }),
    },
    authenticateUser: async () => {
      if (deps.gameInfo().fxId.userId) return { authenticated: true };
      const signedIn = await deps.signIn();
      if (!signedIn) throw new SdkError('cancelled', 'The player closed the sign-in window');
      return { authenticated: true };
    },
    changeLanguage: async ({ lang }) => {
      if (!deps.supportedLocales.includes(lang)) {
        throw new SdkError('invalid_request', `Language ${lang} is not one of ${deps.supportedLocales.join(', ')}`);
      }
      await deps.changeLanguage(lang);
    },
    createSupportRequest: async (params) => {
      // The message goes out under the player's account: a guest signs in first, or gets no form.
      if (!deps.gameInfo().fxId.userId && !(await deps.signIn())) {
        throw new SdkError('guest', 'The support form needs a signed-in player');
      }
      return { sent: await deps.reportIssue({ ...params }) };
    },
    push: { register: async () => ({ registered: (await deps.registerPush()).registered }) },
    friends: {
      get: async () => {
        requirePlayer(deps, 'The friends list');
        return (await deps.friends()).map(toSdkFriend);
      },
      invite: async () => {
        requirePlayer(deps, 'Inviting friends');
        await deps.inviteFriends();
        // The link is shared outside the portal: who follows it is not known here.
        return { invitedIds: [] };
      },
      joinCommunity: unsupported('Joining a community'),
      addToFavourites: unsupported('Adding to favourites'),
    },
    linkShare: ({ link, text }) => {
      deps.share(link, text);
      return { shared: true };
    },
    setStatus: async (params) => {
      if (typeof params?.status !== 'string') throw new SdkError('invalid_request', 'setStatus needs a status');
      requirePlayer(deps, 'Player status');
      await deps.setStatus(params.status);
    },
    urlHash: {
      get: () => decodeURIComponent(window.location.hash.replace(/^#/, '')),
      set: ({ value }) => {
        // An empty value clears the hash without leaving a bare "#" behind.
        const url = `${window.location.pathname}${window.location.search}${value ? `#${encodeURIComponent(value)}` : ''}`;
        window.history.replaceState(window.history.state, '', url);
      },
    },
    clipboard: { save: ({ data, showModalOnFail }) => deps.copy(data, showModalOnFail ?? false) },
    analytics: {
      dataLayerPush: (entry) => {
        const target = window as unknown as { dataLayer?: unknown[] };
        target.dataLayer ??= [];
        target.dataLayer.push(entry);
      },
    },
    wordsFilter: ({ text }) => filterWords(text),
    consentStatus: () => ({ applies: false, analytics: true, advertising: false }),
    loadingReady: () => deps.onLoadingReady(),
    gameStarted: () => deps.onGameRunning(true),
    gameStopped: () => deps.onGameRunning(false),
    documents: async (params) => ({ shown: await deps.showDocument(params?.type ?? 'tos') }),
    vkBridge: { call: unsupported('VK Bridge') },
    crazyGames: { call: unsupported('The CrazyGames SDK') },
    fxEvent: async (params) => {
      // Quest progress is kept per account, so a guest's events have nowhere to go.
      if (!deps.gameInfo().fxId.userId) throw new SdkError('guest', 'Cross-play events need a signed-in player');
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
      await deps.sendFxEvent({
        eventCode: event.eventCode,
        value: event.value,
        p1: event.p1,
        p2: event.p2,
        p3: event.p3,
      });
    },
  };
}
