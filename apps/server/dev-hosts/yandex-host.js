// The browser half of the simulated Yandex Games (served at /dev/hosts/yandex-host.js in
// development only). It frames /play/{game}/iframe/yandex; the portal there loads the YaGames
// stand-in (/dev/hosts/yandex/sdk.js), which asks this page what Yandex would decide: the
// player (signed on the server with the game's secret key), the auth dialog for a guest, the
// purchase window (Pay / Cancel / Error, the purchase signed on the server), the unconsumed
// purchases, the ad overlay (Finished / Skipped / Failed), the sticky banner and the review dialog;
// the player's data (player.getData / setData), kept in this page's localStorage per game and player;
// and the leaderboards (getLeaderboards()), set up as the catalog's boards kept on Yandex, their
// scores kept in this page's localStorage per game and board, so several simulated players share them.

import { answerCalls, ask, launchOnSubmit, note, post } from './host-kit.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));
const banner = /** @type {HTMLElement} */ (document.getElementById('banner'));

/** The running session: the game, the simulated player, purchases Yandex holds unconsumed. */
let session = {
  game: '',
  player: /** @type {any} */ (null),
  unconsumed: /** @type {any[]} */ ([]),
  /** The game's boards on Yandex as its console would hold them, by technical name. */
  boards: /** @type {Record<string, any>} */ ({}),
};

/** A refusal the stand-in turns into a rejected promise (with Yandex's code where it has one). */
class Refusal extends Error {
  constructor(message, code = undefined) {
    super(message);
    this.code = code;
  }
}

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

const scoresKey = (name) => `fxid.dev-hosts.yandex.leaderboard.${session.game}.${name}`;
/** A board as the game's console set it up; an unknown name is Yandex's LEADERBOARD_NOT_FOUND. */
function board(name) {
  const found = session.boards[name];
  if (!found) throw new Refusal(`No leaderboard ${name}`, 'LEADERBOARD_NOT_FOUND');
  return found;
}
/** The board's rows ranked from 1: the better score first, ties by who set it first. */
function rankedRows(name) {
  const invert = board(name).description.invert_sort_order;
  let rows = {};
  try {
    rows = JSON.parse(localStorage.getItem(scoresKey(name)) ?? '{}');
  } catch {}
  return Object.values(rows)
    .sort((a, b) => (invert ? a.score - b.score : b.score - a.score) || a.at - b.at)
    .map((row, index) => ({
      score: row.score,
      extraData: row.extraData ?? '',
      rank: index + 1,
      formattedScore: String(row.score),
      player: { uniqueID: row.uniqueID, publicName: row.publicName, avatar: row.avatar, lang: 'ru' },
    }));
}
const clamp = (value, low, high, fallback) => Math.min(high, Math.max(low, Number(value ?? fallback) || fallback));

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
  getLeaderboardDescription: async ({ leaderboardName }) => board(leaderboardName),
  // Yandex keeps the score set last (fxid's adapter sends only better ones); only for a signed-in player.
  setLeaderboardScore: async ({ leaderboardName, score, extraData }) => {
    board(leaderboardName);
    if (!session.player.authorized)
      throw new Refusal('Only an authorized player can set a score', 'USER_NOT_AUTHORIZED');
    if (!Number.isSafeInteger(score) || score < 0) throw new Refusal('The score must be a whole number ≥ 0');
    const rows = JSON.parse(localStorage.getItem(scoresKey(leaderboardName)) ?? '{}');
    const { uniqueID, name, photo } = session.player;
    rows[uniqueID] = { uniqueID, score, extraData, publicName: name, avatar: photo, at: Date.now() };
    localStorage.setItem(scoresKey(leaderboardName), JSON.stringify(rows));
    return undefined;
  },
  getLeaderboardPlayerEntry: async ({ leaderboardName }) => {
    const row = rankedRows(leaderboardName).find((entry) => entry.player.uniqueID === session.player.uniqueID);
    if (!row || !session.player.authorized)
      throw new Refusal('No score of this player', 'LEADERBOARD_PLAYER_NOT_PRESENT');
    return row;
  },
  // quantityTop 1–20 (default 5) rows from the top, and with includeUser quantityAround 1–10 (default 5) either side.
  getLeaderboardEntries: async ({ leaderboardName, includeUser, quantityTop, quantityAround }) => {
    const rows = rankedRows(leaderboardName);
    const top = rows.slice(0, clamp(quantityTop, 1, 20, 5));
    const mine =
      includeUser && session.player.authorized
        ? rows.findIndex((row) => row.player.uniqueID === session.player.uniqueID)
        : -1;
    const side = clamp(quantityAround, 1, 10, 5);
    const around = mine >= 0 ? rows.slice(Math.max(0, mine - side), mine + side + 1) : [];
    const entries = [...new Map([...top, ...around].map((row) => [row.rank, row])).values()];
    return {
      leaderboard: board(leaderboardName),
      ranges: [
        { start: 0, size: top.length },
        ...(around.length ? [{ start: around[0].rank - 1, size: around.length }] : []),
      ],
      userRank: mine + 1,
      entries,
    };
  },
  'LoadingAPI.ready': async () => true,
  'GameplayAPI.start': async () => true,
  'GameplayAPI.stop': async () => true,
};

answerCalls(frame, 'yandex-sdk', METHODS, {
  fail: (error) => ({
    message: error instanceof Error ? error.message : String(error),
    ...(error instanceof Refusal && error.code ? { code: error.code } : {}),
  }),
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
  session = { game, player: launched.Player, unconsumed: [], boards: launched.Leaderboards };
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

launchOnSubmit(form, 'yandex', launch);
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
