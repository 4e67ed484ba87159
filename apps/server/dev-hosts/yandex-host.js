// The browser half of the simulated Yandex Games (served at /dev/hosts/yandex-host.js in
// development only). It frames /play/{game}/iframe/yandex; the portal there loads the YaGames
// stand-in (/dev/hosts/yandex/sdk.js), which asks this page what Yandex would decide: the
// player (signed on the server with the game's secret key), the auth dialog for a guest, the
// purchase window (Pay / Cancel / Error, the purchase signed on the server), the unconsumed
// purchases, the ad overlay (Finished / Skipped / Failed), the sticky banner and the review dialog;
// and the player's data (player.getData / setData), kept in this page's localStorage per game and player.

import { ask, note, post } from './host-kit.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));
const banner = /** @type {HTMLElement} */ (document.getElementById('banner'));

/** The running session: the game, the simulated player, purchases Yandex holds unconsumed. */
let session = { game: '', player: /** @type {any} */ (null), unconsumed: /** @type {any[]} */ ([]) };

/** A refusal the stand-in turns into a rejected promise. */
class Refusal extends Error {}

const signedPlayer = async () => {
  const { player } = session;
  const data = { uniqueID: player.uniqueID, authorized: player.authorized, name: player.name, photo: player.photo };
  // Yandex signs the player only for one signed in to Yandex (a guest is anonymous).
  if (!player.authorized) return data;
  const signed = await post('yandex/sign-player', {
    Game: session.game,
    UniqueID: player.uniqueID,
    Name: player.name,
    Lang: 'ru',
  });
  return { ...data, signature: signed.Signature };
};

const adOverlay = async (kind) => {
  const outcome = await ask(`Ad: ${kind}`, 'A Yandex ad plays here. How does it end?', [
    'Finished',
    'Skipped',
    'Failed',
  ]);
  if (outcome === 'Failed') throw new Refusal('No ads to show');
  return outcome;
};

/** Yandex keeps at most 200 KB of data per player. */
const DATA_MAX_BYTES = 200 * 1024;
const dataKey = () => `fxid.dev-hosts.yandex.data.${session.game}.${session.player?.uniqueID}`;
function playerData() {
  try {
    return JSON.parse(localStorage.getItem(dataKey()) ?? '{}');
  } catch {
    return {};
  }
}

/** Yandex's answers, by stand-in method. */
const METHODS = {
  init: async () => ({
    environment: {
      app: { id: `sim-${session.game}` },
      browser: { lang: 'ru' },
      i18n: { lang: 'ru', tld: 'ru' },
      payload: null,
    },
    deviceType: 'desktop',
  }),
  getPlayer: async ({ signed }) => {
    const player = await signedPlayer();
    if (!signed) delete player.signature;
    return player;
  },
  openAuthDialog: async () => {
    const choice = await ask('Yandex sign-in', 'Sign in to Yandex to continue?', ['Sign in', 'Cancel']);
    if (choice !== 'Sign in') throw new Refusal('The player closed the auth dialog');
    session.player = { ...session.player, authorized: true, name: 'Yandex Guest Now Signed In' };
    return true;
  },
  purchase: async ({ id, developerPayload, signed }) => {
    const choice = await ask('Yandex purchase', `Buy "${id}" in Yandex Games?`, ['Pay', 'Cancel', 'Error']);
    if (choice === 'Cancel') throw new Refusal('The player closed the purchase window (cancelled)');
    if (choice === 'Error') throw new Refusal('Payment failed');
    const purchase = {
      productID: id,
      purchaseToken: crypto.randomUUID(),
      developerPayload: developerPayload ?? '',
      purchaseTime: Date.now(),
    };
    // Paid: Yandex keeps the purchase until the game consumes it.
    session.unconsumed.push(purchase);
    if (!signed) return purchase;
    const { Signature } = await post('yandex/sign-purchases', {
      Game: session.game,
      List: false,
      Purchases: [{ Token: purchase.purchaseToken, ProductId: id, DeveloperPayload: developerPayload }],
    });
    return { ...purchase, signature: Signature };
  },
  getPurchases: async ({ signed }) => {
    const purchases = session.unconsumed;
    if (!signed || purchases.length === 0) return { purchases };
    const { Signature } = await post('yandex/sign-purchases', {
      Game: session.game,
      List: true,
      Purchases: purchases.map((item) => ({
        Token: item.purchaseToken,
        ProductId: item.productID,
        DeveloperPayload: item.developerPayload,
      })),
    });
    return { purchases, signature: Signature };
  },
  consumePurchase: async ({ purchaseToken }) => {
    session.unconsumed = session.unconsumed.filter((item) => item.purchaseToken !== purchaseToken);
    return true;
  },
  getCatalog: async () => [],
  showRewardedVideo: () => adOverlay('Rewarded video'),
  showFullscreenAdv: () => adOverlay('Fullscreen'),
  getBannerAdvStatus: async () => ({ stickyAdvIsShowing: !banner.hidden }),
  showBannerAdv: async () => {
    banner.hidden = false;
    return { stickyAdvIsShowing: true };
  },
  hideBannerAdv: async () => {
    banner.hidden = true;
    return { stickyAdvIsShowing: false };
  },
  canReview: async () => (session.player.authorized ? { value: true } : { value: false, reason: 'NO_AUTH' }),
  requestReview: async () => ({
    feedbackSent: (await ask('Rate the game', 'Rate this game on Yandex?', ['Rate', 'Cancel'])) === 'Rate',
  }),
  getData: async ({ keys }) => {
    const data = playerData();
    return keys ? Object.fromEntries(keys.filter((key) => key in data).map((key) => [key, data[key]])) : data;
  },
  // setData replaces all of the player's data, as Yandex's does.
  setData: async ({ data }) => {
    const text = JSON.stringify(data ?? {});
    if (new TextEncoder().encode(text).length > DATA_MAX_BYTES) throw new Refusal('Player data is over 200 KB');
    localStorage.setItem(dataKey(), text);
    return true;
  },
  'LoadingAPI.ready': async () => true,
  'GameplayAPI.start': async () => true,
  'GameplayAPI.stop': async () => true,
};

window.addEventListener('message', async (event) => {
  // Only the framed portal speaks to Yandex here.
  if (event.source !== frame.contentWindow || event.data?.type !== 'yandex-sdk') return;
  const { id, method, params = {} } = event.data;
  note(`→ ${method} ${JSON.stringify(params)}`);
  let answer;
  try {
    if (!METHODS[method]) throw new Refusal(`${method} is not simulated`);
    answer = { result: await METHODS[method](params) };
  } catch (error) {
    answer = { error: { message: error instanceof Error ? error.message : String(error) } };
  }
  note(`← ${method} ${JSON.stringify(answer)}`);
  frame.contentWindow?.postMessage({ type: 'yandex-sdk-answer', id, ...answer }, location.origin);
});

/** Pause and resume as Yandex sends them (game_api_pause / game_api_resume). */
function hostEvent(name) {
  note(`event ${name}`);
  frame.contentWindow?.postMessage({ type: 'yandex-sdk-event', name }, location.origin);
}

async function launch() {
  const values = new FormData(form);
  const game = String(values.get('game') ?? '');
  const launched = await post('yandex/launch', { Game: game, User: values.get('user') });
  session = { game, player: launched.Player, unconsumed: [] };
  document.getElementById('who').textContent = launched.Player.authorized
    ? `Yandex player ${launched.Player.uniqueID} (${launched.Player.name}) in app ${launched.AppId}`
    : `Yandex guest ${launched.Player.uniqueID} (not signed in) in app ${launched.AppId}`;
  banner.hidden = true;
  note(`launch ${launched.Url}`);
  frame.src = launched.Url;
}

/** Only the games published on the chosen platform are offered. */
function filterGames() {
  const platform = String(new FormData(form).get('platform') ?? '');
  const select = form.elements.namedItem('game');
  if (!(select instanceof HTMLSelectElement)) return;
  for (const option of select.options) option.hidden = !option.dataset.platforms?.split(' ').includes(platform);
  if (select.selectedOptions[0]?.hidden)
    select.value = [...select.options].find((option) => !option.hidden)?.value ?? '';
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (new FormData(form).get('platform') !== 'yandex') return;
  launch().catch((error) => note(`launch failed: ${error.message}`));
});
form.elements.namedItem('platform')?.addEventListener('change', filterGames);

// Pause / resume buttons, shown for Yandex only.
const controls = document.createElement('p');
controls.hidden = true;
for (const name of ['game_api_pause', 'game_api_resume']) {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = name === 'game_api_pause' ? 'Pause (Yandex)' : 'Resume (Yandex)';
  button.addEventListener('click', () => hostEvent(name));
  controls.append(button);
}
form.after(controls);
const showControls = () => {
  controls.hidden = new FormData(form).get('platform') !== 'yandex';
};
form.elements.namedItem('platform')?.addEventListener('change', showControls);

// /dev/hosts?platform=yandex&game=sky-runner&user=guest launches at once (bookmarks, tests).
const query = new URLSearchParams(location.search);
for (const name of ['platform', 'game', 'user']) {
  const value = query.get(name);
  const field = form.elements.namedItem(name);
  if (value && field instanceof HTMLSelectElement) field.value = value;
}
filterGames();
showControls();
if (query.has('game') && query.get('platform') === 'yandex') form.requestSubmit();
