// A stand-in for VK Play's mailru.core.js (served at /dev/hosts/vkplay/mailru.core.js in development
// only; the portal loads it from the page config's VkPlayCoreUrl). It defines window.iframeApi with the
// surface of platform-protocols.md §1c and asks the simulated VK Play in the parent page, over
// postMessage, for everything VK Play decides: the login status, its login and registration, the
// payment window, ads, reloading the game. Every method is fire-and-forget; its outcome arrives in the
// callbacks given to iframeApi, as VK Play's do.
(() => {
  if (window.iframeApi) return;
  let callbacks = {};

  /** One request to the simulated VK Play; resolves with its whole answer. */
  const ask = hostChannel('vkplay-core', { settle: (answer, resolve) => resolve(answer) });

  /** A method of the api: VK Play's decision in the parent page, reported through the named callbacks. */
  const method =
    (name) =>
    (params = {}) => {
      ask(name, params).then((answer) => {
        for (const call of answer.calls ?? []) callbacks[call.name]?.(call.data);
      });
    };

  const api = Object.fromEntries(
    ['getLoginStatus', 'userProfile', 'authUser', 'registerUser', 'reloadWindow', 'paymentFrame', 'showAds'].map(
      (name) => [name, method(name)],
    ),
  );

  window.iframeApi = (options) => {
    callbacks = options ?? {};
    return ask('init', { appid: options?.appid }).then((answer) =>
      answer.ok ? api : Promise.reject(new Error(answer.error ?? 'iframeApi failed')),
    );
  };
})();
