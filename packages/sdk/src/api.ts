import type { Call, CallArgs } from './call-types.js';
import type { MethodName, MethodResult } from './methods.js';
import { type TutorialStep, tutorialEvent } from './stats.js';

/** The friendly methods of the SDK, each a thin wrapper over `call` (see MethodMap for params and results). */
export function createApi(call: Call) {
  const bind =
    <K extends MethodName>(method: K) =>
    (...args: CallArgs<K>): Promise<MethodResult<K>> =>
      call(method, ...args);
  const vendor = (method: 'vkBridge.call' | 'crazyGames.call') => ({
    call: (name: string, props?: Record<string, unknown>) => call(method, { method: name, props }),
  });
  return {
    getInfo: bind('getInfo'),
    stat: {
      initialize: bind('stat.initialize'),
      event: bind('stat.event'),
      /** Reports a tutorial step with devtodev's values (start -1, completed -2, skip 0, step n). */
      tutorial: (step: TutorialStep) => call('stat.event', tutorialEvent(step)),
    },
    ads: {
      isVideoReady: bind('ads.isVideoReady'),
      showVideo: bind('ads.showVideo'),
      isInterstitialReady: bind('ads.isInterstitialReady'),
      showInterstitial: bind('ads.showInterstitial'),
      showStickyBanner: bind('ads.showStickyBanner'),
      hideStickyBanner: bind('ads.hideStickyBanner'),
    },
    buyProduct: (sku: string, developerPayload?: string) =>
      call('buyProduct', developerPayload === undefined ? { sku } : { sku, developerPayload }),
    review: {
      canReview: bind('review.canReview'),
      request: bind('review.request'),
      info: bind('review.info'),
    },
    storeFront: bind('storeFront'),
    getPurchases: bind('getPurchases'),
    consumePurchase: (transactionId: string) => call('consumePurchase', { transactionId }),
    authenticateUser: bind('authenticateUser'),
    changeLanguage: (lang: string) => call('changeLanguage', { lang }),
    createSupportRequest: bind('createSupportRequest'),
    push: { register: bind('push.register') },
    friends: {
      get: bind('friends.get'),
      invite: bind('friends.invite'),
      joinCommunity: bind('friends.joinCommunity'),
      addToFavourites: bind('friends.addToFavourites'),
    },
    linkShare: (link: string, text?: string) => call('linkShare', text === undefined ? { link } : { link, text }),
    setStatus: (status: string) => call('setStatus', { status }),
    urlHash: {
      get: bind('urlHash.get'),
      /** An empty value clears the hash. */
      set: (value: string) => call('urlHash.set', { value }),
    },
    clipboard: {
      save: (data: string, showModalOnFail = false) => call('clipboard.save', { data, showModalOnFail }),
    },
    analytics: { dataLayerPush: bind('analytics.dataLayerPush') },
    wordsFilter: (text: string) => call('wordsFilter', { text }),
    consentStatus: bind('consentStatus'),
    loadingReady: bind('loadingReady'),
    gameStarted: bind('gameStarted'),
    gameStopped: bind('gameStopped'),
    documents: bind('documents'),
    vkBridge: vendor('vkBridge.call'),
    crazyGames: vendor('crazyGames.call'),
    fxEvent: bind('fxEvent'),
    storage: {
      get: (keys?: string[]) => call('storage.get', keys ? { keys } : {}),
      set: (entries: Record<string, unknown>, options?: { versions?: Record<string, number> }) =>
        call('storage.set', { entries, ...options }),
      delete: (keys: string[]) => call('storage.delete', { keys }),
    },
    leaderboard: {
      submit: (name: string, score: number, extra?: string) =>
        call('leaderboard.submit', extra === undefined ? { name, score } : { name, score, extra }),
      top: (name: string, options?: { limit?: number; around?: 'player' }) =>
        call('leaderboard.top', { name, ...options }),
      player: (name: string) => call('leaderboard.player', { name }),
      show: (name: string) => call('leaderboard.show', { name }),
    },
  };
}

/** The friendly part of the SDK object. */
export type FxidApi = ReturnType<typeof createApi>;
