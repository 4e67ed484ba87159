// A stand-in for Kongregate's kongregate_api.js (served at /dev/hosts/kg/kongregate_api.js in
// development only; the portal loads it from the page config's KongregateApiUrl). It defines
// window.kongregateAPI with the surface of platform-protocols.md §3 and asks the simulated
// Kongregate in the parent page, over postMessage, for the player, the purchase window, the
// registration box and the item list. The game auth token comes from Kongregate's (fake) server.
(() => {
  if (window.kongregateAPI) return;
  const loginListeners = new Set();
  let user = { userId: '0', username: 'Guest', gameAuthToken: '', guest: true };

  const ask = hostChannel('kg-api', {
    onEvent: (message) => {
      if (message.name !== 'login') return;
      user = message.user;
      for (const listener of loginListeners) listener();
    },
  });

  const api = {
    services: {
      connect: () => true,
      isGuest: () => user.guest,
      getUsername: () => user.username,
      getUserId: () => Number(user.userId),
      getGameAuthToken: () => user.gameAuthToken,
      showSignInBox: () => void ask('showSignInBox'),
      showRegistrationBox: () => void ask('showRegistrationBox'),
      addEventListener: (name, listener) => {
        if (name === 'login') loginListeners.add(listener);
      },
    },
    mtx: {
      purchaseItems: (items, callback) =>
        void ask('purchaseItems', {
          identifiers: items.map((item) => (typeof item === 'string' ? item : item.identifier)),
        }).then(callback, () => callback({ success: false })),
      requestItemList: (_tags, callback) =>
        void ask('requestItemList').then(callback, () => callback({ success: false, data: [] })),
    },
    stats: { submit: (name, value) => void ask('submitStat', { name, value }) },
  };

  window.kongregateAPI = {
    loadAPI(callback) {
      ask('init').then((answer) => {
        user = answer.user;
        callback();
      });
    },
    getAPI: () => api,
  };
})();
