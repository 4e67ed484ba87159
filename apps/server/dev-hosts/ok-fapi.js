// A stand-in for Odnoklassniki's fapi5.js (served at /dev/hosts/ok/fapi5.js in development only;
// the portal loads it from the page config's OkFapiUrl). It defines window.FAPI with the surface of
// platform-protocols.md §13d and asks the simulated OK in the parent page, over postMessage, for
// everything OK decides: FAPI.init, the payment window, the invite and rating dialogs, ads. Each FAPI.UI
// call reports through the page's window.API_callback(method, result, data), as OK's does.
(() => {
  if (window.FAPI) return;

  /** One request to the simulated OK; resolves with its whole answer. */
  const ask = hostChannel('ok-fapi', { settle: (answer, resolve) => resolve(answer) });

  /** A FAPI.UI method: OK's window in the parent page, its outcome through API_callback. */
  const uiMethod =
    (method, toParams) =>
    (...args) => {
      ask(method, toParams(...args)).then((answer) => {
        // OK's showAd reports progress (ready, ad_prepared) before its outcome.
        for (const step of answer.progress ?? []) window.API_callback?.(method, 'ok', step);
        window.API_callback?.(method, answer.result ?? 'error', answer.data ?? '');
      });
    };

  window.FAPI = {
    init(apiServer, apiConnection, onSuccess, onError) {
      ask('init', { apiServer, apiConnection }).then((answer) =>
        answer.result === 'ok' ? onSuccess?.() : onError?.(answer.data ?? 'init failed'),
      );
    },
    Util: {
      getRequestParameters: () => Object.fromEntries(new URLSearchParams(location.search)),
    },
    UI: {
      showPayment: uiMethod(
        'showPayment',
        (name, description, code, price, options, attributes, currency, callback) => ({
          name,
          description,
          code,
          price,
          options,
          attributes,
          currency,
          callback,
        }),
      ),
      showInvite: uiMethod('showInvite', (text, params) => ({ text, params })),
      showRatingDialog: uiMethod('showRatingDialog', () => ({})),
      loadAd: uiMethod('loadAd', () => ({})),
      showLoadedAd: uiMethod('showLoadedAd', () => ({})),
      showAd: uiMethod('showAd', () => ({})),
    },
  };
})();
