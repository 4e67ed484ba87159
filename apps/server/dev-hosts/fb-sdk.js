// A stand-in for Facebook's JS SDK (served at /dev/hosts/fbgames/sdk.js in development only; the
// portal loads it from the page config's FbSdkUrl). It defines window.FB with FB.init,
// FB.getLoginStatus, FB.login and FB.ui, and asks the simulated Facebook canvas in the parent page,
// over postMessage, for what Facebook decides: the login status and its signed_request, the login
// dialog, the pay dialog (the webhook is sent by the server before it answers), game requests and share.
(() => {
  if (window.FB) return;

  const ask = hostChannel('fb-sdk', { settle: (answer, resolve) => resolve(answer.result) });

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
