// The browser half of our simulated wrappers (served at /dev/hosts/wrapper-host.js in development only):
// the fxid desktop launcher (fxlauncher) and the fxid native app on iOS (fxnative). Each frames
// /play/{game}/iframe/{wrapper}; the portal there loads the bridge stand-in (/dev/hosts/{wrapper}/bridge.js,
// wrapper-bridge.js), which asks this page, as the wrapper, for sign-in tokens: this page asks the real API
// for one with the wrapper's own session, as the launcher or the app would. The native app's store sheet
// is this page's dialog; a bought product becomes a transaction of the development App Store fake.

import { ask, note, post, serveBridge } from './host-kit.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));
const WRAPPERS = ['fxlauncher', 'fxnative'];
/** The API, beside /dev/hosts on this server. */
const api = new URL('../../api/v1/', import.meta.url);

/** The running wrapper: which, the game, and the player signed in to it (its session), if any. */
let session = { wrapper: '', game: '', bearer: /** @type {string | null} */ (null), accountId: '' };
/** Store purchases the app has not finished yet (pendingPurchases). */
let unfinished = [];

const TOKEN_PATHS = {
  fxlauncher: (game) => `ftl_integration/${encodeURIComponent(game)}/launcher/sign_in_token`,
  fxnative: (game) => `native/sign_in_token/${encodeURIComponent(game)}`,
};

async function signInToken(game) {
  if (!session.bearer) return null;
  const response = await fetch(new URL(TOKEN_PATHS[session.wrapper](game), api), {
    method: 'POST',
    headers: { authorization: `Bearer ${session.bearer}` },
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.detail ?? `HTTP ${response.status}`);
  return data.Token;
}

/** The App Store sheet: Buy makes a transaction bound to the app's player (appAccountToken), Cancel nothing. */
async function purchase(sku) {
  const choice = await ask('App Store purchase', `Buy ${sku} in the App Store?`, ['Buy', 'Cancel']);
  if (choice === 'Cancel') return null;
  const response = await fetch(new URL('../native/app-store-transactions', import.meta.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Game: session.game, Sku: sku, AccountId: session.accountId }),
  });
  const receipt = await response.json();
  if (!response.ok) throw new Error(receipt.detail ?? `HTTP ${response.status}`);
  unfinished.push(receipt);
  return receipt;
}

const common = { signInToken, signal: async (name) => note(`signal ${name}`) };
serveBridge(frame, 'fxlauncher-bridge', common);
serveBridge(frame, 'fxnative-bridge', {
  ...common,
  purchase,
  finishPurchase: async (receipt) => {
    unfinished = unfinished.filter((kept) => kept.TransactionId !== receipt.TransactionId);
  },
  pendingPurchases: async () => unfinished,
});

async function launch(wrapper) {
  const values = new FormData(form);
  const game = String(values.get('game') ?? '');
  const launched = await post(`${wrapper}/launch`, { Game: game, User: values.get('user') });
  session = { wrapper, game, bearer: launched.Bearer, accountId: launched.AccountId ?? '' };
  unfinished = [];
  const who = launched.Email ? `signed in to the wrapper as ${launched.Email}` : 'nobody signed in to the wrapper';
  document.getElementById('who').textContent = `${wrapper}: ${who}`;
  note(`launch ${launched.Url}`);
  frame.src = launched.Url;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const wrapper = String(new FormData(form).get('platform'));
  if (!WRAPPERS.includes(wrapper)) return;
  launch(wrapper).catch((error) => note(`launch failed: ${error.message}`));
});

// /dev/hosts?platform=fxlauncher&game=sky-runner&user=new launches at once (bookmarks, tests).
const query = new URLSearchParams(location.search);
if (query.has('game') && WRAPPERS.includes(query.get('platform') ?? '')) {
  for (const name of ['platform', 'game', 'user']) {
    const value = query.get(name);
    const field = form.elements.namedItem(name);
    if (value && field instanceof HTMLSelectElement) field.value = value;
  }
  form.requestSubmit();
}
