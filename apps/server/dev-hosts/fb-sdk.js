// A stand-in for Facebook's JS SDK (served at /dev/hosts/fbgames/sdk.js in development only; the
// portal loads it from the page config's FbSdkUrl). It defines window.FB with FB.init,
// FB.getLoginStatus, FB.login and FB.ui, and asks the simulated Facebook canvas in the parent page,
// over postMessage, for what Facebook decides: the login status and its signed_request, the login
// dialog, the pay dialog (the webhook is sent by the server before it answers), game requests and share.
(() => {
  if (window.FB) return;
  const pending = new Map();
  let nextId = 1;

  function ask(method, params = {}) {
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      window.parent.postMessage({ type: 'fb-sdk', id, method, params }, location.origin);
    });
  }

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent || event.origin !== location.origin) return;
    const message = event.data;
    if (message?.type !== 'fb-sdk-answer' || !pending.has(message.id)) return;
    const resolve = pending.get(message.id);
    pending.delete(message.id);
    resolve(message.result);
  });

  let appId = '';
  window.FB = {
    init(options) {
      appId = String(options?.appId ?? '');
      void ask('init', { appId, version: options?.version });
    },
    // Facebook's SDK answers through callbacks, never promises.
    getLoginStatus: (callback) => void ask('getLoginStatus', { appId }).then(callback),
    login: (callback, options) => void ask('login', { appId, scope: options?.scope }).then(callback),
    ui: (params, callback) => void ask('ui', params).then((result) => callback?.(result)),
    api: (_path, callback) => callback?.({ error: { message: 'FB.api is not simulated', code: 1 } }),
    Event: { subscribe: () => undefined },
  };
})();
