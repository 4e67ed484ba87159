// A stand-in for Yandex Games' /sdk.js (served at /dev/hosts/yandex/sdk.js in development only;
// the portal loads it from the page config's YandexSdkUrl). It defines window.YaGames with the
// surface of platform-protocols.md §13a and asks the simulated Yandex in the parent page, over
// postMessage, for everything Yandex decides: the player, its signature, the purchase window,
// ads, review and auth dialogs, the leaderboards. Signatures are made on the server with the game's secret key.
(() => {
  if (window.YaGames) return;
  const listeners = new Map();

  /** One request to the simulated Yandex; resolves with its result, rejects with an Error of its message. */
  const ask = hostChannel('yandex-sdk', {
    onEvent: (message) => {
      for (const listener of listeners.get(message.name) ?? []) listener();
    },
  });

  /** Purchase objects carry both shapes seen in the wild (platform-protocols.md §13a). */
  const purchaseOf = (item) => ({
    productID: item.productID,
    purchaseToken: item.purchaseToken,
    developerPayload: item.developerPayload,
    purchaseData: {
      productID: item.productID,
      purchaseToken: item.purchaseToken,
      developerPayload: item.developerPayload,
      purchaseTime: item.purchaseTime,
    },
  });

  function player(data) {
    return {
      getUniqueID: () => data.uniqueID,
      isAuthorized: () => data.authorized,
      getMode: () => (data.authorized ? '' : 'lite'),
      getName: () => data.name,
      getPhoto: () => data.photo,
      getPayingStatus: () => 'unknown',
      // Player data lives with the simulated Yandex (per player; a guest's too, as Yandex keeps it locally).
      getData: (keys) => ask('getData', keys ? { keys } : {}),
      setData: (value, flush = false) => ask('setData', { data: value, flush }),
      getStats: async () => ({}),
      setStats: async () => undefined,
      ...(data.signature ? { signature: data.signature } : {}),
    };
  }

  function payments(signed) {
    return {
      async purchase({ id, developerPayload } = {}) {
        const bought = await ask('purchase', { id, developerPayload, signed });
        return { ...purchaseOf(bought), ...(bought.signature ? { signature: bought.signature } : {}) };
      },
      async getPurchases() {
        const answer = await ask('getPurchases', { signed });
        const list = answer.purchases.map(purchaseOf);
        if (answer.signature) list.signature = answer.signature;
        return list;
      },
      consumePurchase: (purchaseToken) => ask('consumePurchase', { purchaseToken }),
      getCatalog: () => ask('getCatalog'),
    };
  }

  /** Yandex's leaderboards; the boards and their scores live with the simulated Yandex. */
  const leaderboards = {
    setLeaderboardScore: (leaderboardName, score, extraData) =>
      ask('setLeaderboardScore', { leaderboardName, score, extraData }),
    getLeaderboardDescription: (leaderboardName) => ask('getLeaderboardDescription', { leaderboardName }),
    getLeaderboardEntries: async (leaderboardName, options = {}) => {
      const answer = await ask('getLeaderboardEntries', { leaderboardName, ...options });
      return { ...answer, entries: answer.entries.map(leaderboardEntry) };
    },
    getLeaderboardPlayerEntry: async (leaderboardName) =>
      leaderboardEntry(await ask('getLeaderboardPlayerEntry', { leaderboardName })),
  };

  /** A row as Yandex gives it: the player with getAvatarSrc / getAvatarSrcSet. */
  function leaderboardEntry(row) {
    return {
      ...row,
      player: {
        ...row.player,
        getAvatarSrc: () => row.player.avatar,
        getAvatarSrcSet: () => `${row.player.avatar} 1x`,
      },
    };
  }

  function adCallbacks(method, { callbacks = {} } = {}) {
    callbacks.onOpen?.();
    ask(method).then(
      (outcome) => {
        if (method === 'showRewardedVideo') {
          if (outcome === 'Finished') callbacks.onRewarded?.();
          callbacks.onClose?.();
        } else {
          callbacks.onClose?.(outcome === 'Finished');
        }
      },
      (error) => callbacks.onError?.(error),
    );
  }

  window.YaGames = {
    async init() {
      const env = await ask('init');
      const on = (name, listener) => {
        listeners.set(name, [...(listeners.get(name) ?? []), listener]);
      };
      return {
        environment: env.environment,
        deviceInfo: { type: env.deviceType, isDesktop: () => env.deviceType === 'desktop' },
        serverTime: () => Date.now(),
        features: {
          LoadingAPI: { ready: () => void ask('LoadingAPI.ready') },
          GameplayAPI: { start: () => void ask('GameplayAPI.start'), stop: () => void ask('GameplayAPI.stop') },
        },
        on,
        off: (name, listener) =>
          listeners.set(
            name,
            (listeners.get(name) ?? []).filter((fn) => fn !== listener),
          ),
        getPlayer: async ({ signed = false } = {}) => player(await ask('getPlayer', { signed })),
        auth: { openAuthDialog: () => ask('openAuthDialog') },
        getPayments: async ({ signed = false } = {}) => payments(signed),
        getLeaderboards: async () => leaderboards,
        adv: {
          showFullscreenAdv: (options) => adCallbacks('showFullscreenAdv', options),
          showRewardedVideo: (options) => adCallbacks('showRewardedVideo', options),
          getBannerAdvStatus: () => ask('getBannerAdvStatus'),
          showBannerAdv: () => ask('showBannerAdv'),
          hideBannerAdv: () => ask('hideBannerAdv'),
        },
        feedback: { canReview: () => ask('canReview'), requestReview: () => ask('requestReview') },
        shortcut: {
          canShowPrompt: async () => ({ canShow: false }),
          showPrompt: async () => ({ outcome: 'rejected' }),
        },
        getFlags: async ({ defaultFlags = {} } = {}) => ({ ...defaultFlags }),
      };
    },
  };
})();
