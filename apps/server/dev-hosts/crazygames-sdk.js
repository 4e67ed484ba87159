// A stand-in for CrazyGames' HTML5 SDK v3 (served at /dev/hosts/crazygames/sdk.js in development
// only; the portal loads it from the page config's CrazyGamesSdkUrl). It defines
// window.CrazyGames.SDK with the surface of platform-protocols.md §13b and asks the simulated
// CrazyGames in the parent page, over postMessage, for everything CrazyGames decides: the user,
// the user token (signed on the server as CrazyGames signs it), the auth prompt, ads and banners.
(() => {
  if (window.CrazyGames?.SDK) return;
  const authListeners = new Set();

  /** One request to the simulated CrazyGames; resolves with its result, rejects with its error. */
  const ask = hostChannel('crazygames-sdk', {
    onEvent: (message) => {
      if (message.name !== 'auth') return;
      for (const listener of authListeners) listener(message.user ?? null);
    },
  });
  /** A signal CrazyGames only records (no answer is awaited). */
  const signal = (method) => () => void ask(method).catch(() => undefined);

  // Per CrazyGames user (or this browser's guest), as CrazyGames keeps a logged-in user's data with their account.
  let dataOwner = 'guest';
  const dataKey = (key) => `fxid.dev-hosts.crazygames.data.${dataOwner}.${key}`;

  const SDK = {
    environment: 'disabled',
    async init() {
      const answer = await ask('init');
      SDK.environment = answer.environment;
      SDK.user.isUserAccountAvailable = answer.isUserAccountAvailable;
      SDK.user.systemInfo = answer.systemInfo;
      dataOwner = answer.dataOwner ?? 'guest';
    },
    user: {
      isUserAccountAvailable: false,
      systemInfo: undefined,
      getUser: () => ask('getUser'),
      getUserToken: () => ask('getUserToken'),
      getXsollaUserToken: () => Promise.reject(Object.assign(new Error('Not simulated'), { code: 'other' })),
      showAuthPrompt: () => ask('showAuthPrompt'),
      showAccountLinkPrompt: () => ask('showAuthPrompt'),
      addAuthListener: (listener) => authListeners.add(listener),
      removeAuthListener: (listener) => authListeners.delete(listener),
    },
    ad: {
      requestAd(kind, callbacks = {}) {
        ask('requestAd', { kind }).then(
          (outcome) => {
            if (outcome !== 'Finished') {
              callbacks.adError?.({ code: 'unfilled', message: 'No ad available' });
              return;
            }
            callbacks.adStarted?.();
            callbacks.adFinished?.();
          },
          (error) => callbacks.adError?.({ code: 'other', message: error.message }),
        );
      },
      hasAdblock: () => ask('hasAdblock'),
    },
    banner: {
      requestBanner: (request) => ask('requestBanner', { id: request.id }),
      requestResponsiveBanner: (id) => ask('requestBanner', { id }),
      clearBanner: (id) => void ask('clearBanner', { id }),
      clearAllBanners: () => void ask('clearBanner', {}),
    },
    game: {
      settings: { muteAudio: false, disableChat: false },
      addSettingsChangeListener: () => undefined,
      removeSettingsChangeListener: () => undefined,
      loadingStart: signal('loadingStart'),
      loadingStop: signal('loadingStop'),
      gameplayStart: signal('gameplayStart'),
      gameplayStop: signal('gameplayStop'),
      happytime: signal('happytime'),
      inviteLink: (params) => `${location.origin}/?${new URLSearchParams(params)}`,
      getInviteParam: (name) => new URLSearchParams(location.search).get(name),
    },
    // localStorage-like, as CrazyGames' is (synced to the account there; kept in this browser here).
    data: {
      getItem: (key) => localStorage.getItem(dataKey(key)),
      setItem: (key, value) => localStorage.setItem(dataKey(key), String(value)),
      removeItem: (key) => localStorage.removeItem(dataKey(key)),
      clear: () => {
        for (const key of Object.keys(localStorage)) if (key.startsWith(dataKey(''))) localStorage.removeItem(key);
      },
    },
  };
  window.CrazyGames = { SDK };
})();
