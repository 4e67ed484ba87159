// A stand-in for Facebook's Instant Games SDK (served at /dev/hosts/fbinstantgames/fbinstant.js in
// development only; the portal loads it from the page config's FbInstantSdkUrl). It defines
// window.FBInstant with the surface of platform-protocols.md §13c and asks the simulated Facebook
// in the parent page, over postMessage, for everything Facebook decides: the player and its
// SignedPlayerInfo, the payment dialog and the signed purchase, ads, the context chooser and the
// share dialog. Signatures are made on the server with the game's app secret.
(() => {
  if (window.FBInstant) return;
  const pauseListeners = [];
  let launch = null;
  let paymentsReady = false;
  const readyListeners = [];

  /** One request to the simulated Facebook; resolves with its result, rejects with `{ code, message }`. */
  const ask = hostChannel('fbinstant-sdk', {
    onEvent: (message) => {
      if (message.name !== 'pause') return;
      for (const listener of pauseListeners) listener();
    },
    // FBInstant rejects with an APIError-like object: { code, message }.
    settle: (answer, resolve, reject) => {
      if (answer.error) reject({ code: answer.error.code ?? 'UNKNOWN', message: answer.error.message });
      else resolve(answer.result);
    },
  });

  const requireStarted = () => {
    if (!launch) throw { code: 'INVALID_OPERATION', message: 'Call initializeAsync first' };
    return launch;
  };

  const purchaseOf = (item) => ({
    developerPayload: item.developerPayload,
    isConsumed: false,
    paymentActionType: 'charge',
    paymentID: item.paymentID,
    productID: item.productID,
    purchaseTime: String(item.purchaseTime),
    purchaseToken: item.purchaseToken,
    signedRequest: item.signedRequest,
  });

  const adInstance = (kind, placementId) => {
    let loaded = false;
    return {
      getPlacementID: () => placementId,
      loadAsync: async () => {
        await ask('loadAd', { kind, placementId });
        loaded = true;
      },
      showAsync: async () => {
        if (!loaded) throw { code: 'ADS_NOT_LOADED', message: 'Call loadAsync first' };
        loaded = false;
        await ask('showAd', { kind, placementId });
      },
    };
  };

  window.FBInstant = {
    async initializeAsync() {
      launch = await ask('initializeAsync');
      // Facebook readies payments on its own time after initialisation.
      setTimeout(() => {
        paymentsReady = true;
        for (const listener of readyListeners.splice(0)) listener();
      }, 0);
    },
    setLoadingProgress: (percent) => void ask('setLoadingProgress', { percent }),
    startGameAsync: () => ask('startGameAsync'),
    onPause: (listener) => void pauseListeners.push(listener),
    getLocale: () => launch?.locale ?? null,
    getPlatform: () => 'WEB',
    getSDKVersion: () => '7.1',
    getSupportedAPIs: () => ['payments.purchaseAsync', 'shareAsync', 'context.chooseAsync', 'loadBannerAdAsync'],
    getEntryPointData: () => null,
    quit: () => void ask('quit'),
    player: {
      getID: () => launch?.player.id ?? null,
      getName: () => launch?.player.name ?? null,
      getPhoto: () => launch?.player.photo ?? null,
      async getSignedPlayerInfoAsync(requestPayload) {
        requireStarted();
        const { signature, playerId } = await ask('getSignedPlayerInfoAsync', { requestPayload });
        return { getPlayerID: () => playerId, getSignature: () => signature };
      },
      // Player data lives with the simulated Facebook, per player.
      getDataAsync: (keys) => ask('getDataAsync', { keys }),
      setDataAsync: (data) => ask('setDataAsync', { data }),
      flushDataAsync: async () => undefined,
    },
    context: {
      getID: () => launch?.contextId ?? null,
      getType: () => (launch?.contextId ? 'THREAD' : 'SOLO'),
      async chooseAsync(options = {}) {
        const chosen = await ask('chooseAsync', options);
        launch.contextId = chosen.contextId;
        launch.contextPlayers = chosen.players;
      },
      getPlayersAsync: async () =>
        (launch?.contextPlayers ?? []).map((player) => ({
          getID: () => player.id,
          getName: () => player.name,
          getPhoto: () => null,
        })),
    },
    payments: {
      onReady(listener) {
        if (paymentsReady) listener();
        else readyListeners.push(listener);
      },
      async purchaseAsync({ productID, developerPayload } = {}) {
        if (!paymentsReady) throw { code: 'PAYMENTS_NOT_INITIALIZED', message: 'Payments are not ready yet' };
        return purchaseOf(await ask('purchaseAsync', { productID, developerPayload }));
      },
      getPurchasesAsync: async () => (await ask('getPurchasesAsync')).map(purchaseOf),
      consumePurchaseAsync: (purchaseToken) => ask('consumePurchaseAsync', { purchaseToken }),
      getCatalogAsync: async () => [],
    },
    getInterstitialAdAsync: async (placementId) => adInstance('interstitial', placementId),
    getRewardedVideoAsync: async (placementId) => adInstance('rewarded', placementId),
    loadBannerAdAsync: (placementId) => ask('loadBannerAdAsync', { placementId }),
    hideBannerAdAsync: () => ask('hideBannerAdAsync'),
    shareAsync: (payload) =>
      ask('shareAsync', { intent: payload?.intent, text: payload?.text, image: !!payload?.image }),
  };
})();
