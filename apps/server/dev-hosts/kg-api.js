// A stand-in for Kongregate's kongregate_api.js (served at /dev/hosts/kg/kongregate_api.js in
// development only; the portal loads it from the page config's KongregateApiUrl). It defines
// window.kongregateAPI with the surface of platform-protocols.md §3 and asks the simulated
// Kongregate in the parent page, over postMessage, for the player, the purchase window, the
// registration box and the item list. The game auth token comes from Kongregate's (fake) server.
(() => {
  if (window.kongregateAPI) return;
  const pending = new Map();
  const loginListeners = new Set();
  let nextId = 1;
  let user = { userId: '0', username: 'Guest', gameAuthToken: '', guest: true };

  function ask(method, params = {}) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      window.parent.postMessage({ type: 'kg-api', id, method, params }, location.origin);
    });
  }

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== location.origin) return;
    const message = event.data;
    if (message?.type === 'kg-api-event' && message.name === 'login') {
      user = message.user;
      for (const listener of loginListeners) listener();
      return;
    }
    if (message?.type !== 'kg-api-answer' || !pending.has(message.id)) return;
    const { resolve, reject } = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) reject(new Error(message.error.message));
    else resolve(message.result);
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
