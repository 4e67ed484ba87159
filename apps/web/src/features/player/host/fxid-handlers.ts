import type { PurchaseResult, StoreFront, SupportSubject } from '@fxid/sdk';
import type { GameInfo, HostHandlers } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
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
  /** Opens the report-issue modal; true when the message was sent. */
  reportIssue(defaults: { subject?: SupportSubject; message?: string }): Promise<boolean>;
  /** The game's store front on this platform, in the player's language. */
  storeFront(): Promise<StoreFront>;
  /** Runs the whole purchase (sign-in, checkout, status poll); rejects with a coded error. */
  buyProduct(sku: string, developerPayload?: string): Promise<PurchaseResult>;
  onLoadingReady(): void;
  onGameRunning(running: boolean): void;
  log(message: string, data?: unknown): void;
}

const notAvailable = (what: string) => () => {
  throw new SdkError('not_available', `${what} is not available on this platform`);
};
const unsupported = (what: string) => () => {
  throw new SdkError('unsupported', `${what} is not supported on this platform`);
};

/**
 * Every method of the game channel on fxid's own site (spec §7): real answers where
 * the site has the feature, a typed `not_available` / `unsupported` error where not.
 */
export function createFxidHandlers(live: () => FxidHostDeps): HostHandlers {
  // Read at call time, so handlers made once always see the page's current state.
  const deps = new Proxy({} as FxidHostDeps, { get: (_target, key) => live()[key as keyof FxidHostDeps] });
  const statReady = { value: false };
  return {
    getInfo: () => deps.gameInfo(),
    stat: {
      initialize: () => {
        statReady.value = true;
        deps.log('stat initialised');
      },
      event: (event) => {
        if (!statReady.value) throw new SdkError('not_initialized', 'Not initialized');
        deps.log('stat event', event);
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
      // The message goes out under the player's account, so a guest has no form to fill.
      if (!deps.gameInfo().fxId.userId) throw new SdkError('guest', 'The support form needs a signed-in player');
      return { sent: await deps.reportIssue({ ...params }) };
    },
    push: { register: notAvailable('Web push') },
    friends: {
      get: notAvailable('The friends list'),
      invite: notAvailable('Inviting friends'),
      joinCommunity: unsupported('Joining a community'),
      addToFavourites: unsupported('Adding to favourites'),
    },
    linkShare: ({ link, text }) => {
      deps.share(link, text);
      return { shared: true };
    },
    setStatus: notAvailable('Player status'),
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
    fxEvent: notAvailable('Cross-play events'),
  };
}
