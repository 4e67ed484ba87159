// The browser half of the simulated Facebook Instant Games (served at /dev/hosts/fbinstantgames-host.js
// in development only). It frames /play/{game}/iframe/fbinstantgames; the portal there loads the
// FBInstant stand-in (/dev/hosts/fbinstantgames/fbinstant.js), which asks this page what Facebook
// would decide: the player and its SignedPlayerInfo (signed on the server with the game's app
// secret), the payment dialog (Pay / Cancel / Error, the purchase signed on the server), the
// unconsumed purchases, the ad overlay (Finished / Closed / No fill), the banner, the context
// chooser and the share dialog; and the pause event (a button).

import { answerCalls, ask, launchedByQuery, launchOnSubmit, note, post } from './host-kit.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));
const banner = /** @type {HTMLElement} */ (document.getElementById('banner'));

/** The running session: the game, the simulated player, purchases Facebook holds unconsumed. */
let session = { game: '', player: /** @type {any} */ (null), unconsumed: /** @type {any[]} */ ([]) };

/** A refusal the stand-in turns into a rejected promise with Facebook's error code. */
class Refusal extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** Facebook keeps at most 1 MB of data per player; here it is kept in this page's localStorage per game and player. */
const DATA_MAX_BYTES = 1024 * 1024;
const dataKey = () => `fxid.dev-hosts.fbinstant.data.${session.game}.${session.player?.id}`;
function playerData() {
  try {
    return JSON.parse(localStorage.getItem(dataKey()) ?? '{}');
  } catch {
    return {};
  }
}

/** Facebook's answers, by stand-in method. */
const METHODS = {
  initializeAsync: async () => ({ player: session.player, locale: 'en_US', contextId: null }),
  setLoadingProgress: async () => true,
  startGameAsync: async () => true,
  quit: async () => true,
  getSignedPlayerInfoAsync: async ({ requestPayload }) => {
    const { Signature } = await post('fbinstantgames/sign-player', {
      Game: session.game,
      PlayerId: session.player.id,
      RequestPayload: requestPayload ?? '',
    });
    return { playerId: session.player.id, signature: Signature };
  },
  purchaseAsync: async ({ productID, developerPayload }) => {
    const choice = await ask('Facebook payment', `Buy "${productID}" on Facebook?`, ['Pay', 'Cancel', 'Error']);
    if (choice === 'Cancel') throw new Refusal('USER_INPUT', 'The player closed the payment dialog');
    if (choice === 'Error') throw new Refusal('NETWORK_FAILURE', 'The payment failed');
    const paymentID = String(Date.now()) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
    const purchase = {
      paymentID,
      productID,
      developerPayload: developerPayload ?? '',
      purchaseToken: crypto.randomUUID(),
      purchaseTime: Math.floor(Date.now() / 1000),
    };
    const { SignedRequest } = await post('fbinstantgames/sign-purchase', {
      Game: session.game,
      PaymentId: paymentID,
      PurchaseToken: purchase.purchaseToken,
      ProductId: productID,
      DeveloperPayload: purchase.developerPayload,
      PurchaseTime: purchase.purchaseTime,
    });
    // Paid: Facebook keeps the purchase until the game consumes it.
    const signed = { ...purchase, signedRequest: SignedRequest };
    session.unconsumed.push(signed);
    return signed;
  },
  getPurchasesAsync: async () => session.unconsumed,
  consumePurchaseAsync: async ({ purchaseToken }) => {
    const before = session.unconsumed.length;
    session.unconsumed = session.unconsumed.filter((item) => item.purchaseToken !== purchaseToken);
    if (session.unconsumed.length === before) throw new Refusal('INVALID_PARAM', 'No such unconsumed purchase');
    return true;
  },
  loadAd: async () => true,
  showAd: async ({ kind }) => {
    const outcome = await ask(`Ad: ${kind}`, 'A Facebook ad plays here. How does it end?', [
      'Finished',
      'Closed',
      'No fill',
    ]);
    if (outcome === 'Closed') throw new Refusal('USER_INPUT', 'The player closed the ad');
    if (outcome === 'No fill') throw new Refusal('ADS_NO_FILL', 'No ads to show');
    return true;
  },
  loadBannerAdAsync: async () => {
    banner.hidden = false;
    return true;
  },
  hideBannerAdAsync: async () => {
    banner.hidden = true;
    return true;
  },
  chooseAsync: async () => {
    const choice = await ask('Play with friends', 'Choose friends to play with?', ['Choose Kim and Ola', 'Cancel']);
    if (choice === 'Cancel') throw new Refusal('USER_INPUT', 'The player closed the chooser');
    return {
      contextId: `ctx${Date.now()}`,
      players: [
        session.player,
        { id: '4300000000000001', name: 'Kim Larsen' },
        { id: '4300000000000002', name: 'Ola Nordmann' },
      ],
    };
  },
  getDataAsync: async ({ keys }) => {
    if (!Array.isArray(keys)) throw new Refusal('INVALID_PARAM', 'getDataAsync needs an array of keys');
    const data = playerData();
    return Object.fromEntries(keys.filter((key) => key in data).map((key) => [key, data[key]]));
  },
  // setDataAsync sets the keys given and keeps the others, as Facebook's does.
  setDataAsync: async ({ data }) => {
    const next = { ...playerData(), ...(data ?? {}) };
    const text = JSON.stringify(next);
    if (new TextEncoder().encode(text).length > DATA_MAX_BYTES)
      throw new Refusal('INVALID_PARAM', 'Player data is over 1 MB');
    localStorage.setItem(dataKey(), text);
    return undefined;
  },
  shareAsync: async ({ text, image }) => {
    if (!image) throw new Refusal('INVALID_PARAM', 'shareAsync needs an image');
    const choice = await ask('Share on Facebook', `Share "${text ?? ''}"?`, ['Share', 'Cancel']);
    if (choice === 'Cancel') throw new Refusal('USER_INPUT', 'The player closed the share dialog');
    return true;
  },
};

answerCalls(frame, 'fbinstant-sdk', METHODS, {
  unknown: (method) => new Refusal('CLIENT_UNSUPPORTED_OPERATION', `${method} is not simulated`),
  fail: (error) => ({
    code: error instanceof Refusal ? error.code : 'UNKNOWN',
    message: error instanceof Error ? error.message : String(error),
  }),
});

async function launch() {
  const values = new FormData(form);
  const game = String(values.get('game') ?? '');
  const launched = await post('fbinstantgames/launch', { Game: game, User: values.get('user') });
  session = { game, player: launched.Player, unconsumed: [] };
  document.getElementById('who').textContent =
    `Facebook player ${launched.Player.id} (${launched.Player.name}) in app ${launched.AppId}`;
  banner.hidden = true;
  note(`launch ${launched.Url}`);
  frame.src = launched.Url;
}

launchOnSubmit(form, 'fbinstantgames', launch);

// A pause button, shown for Instant Games only (Facebook's onPause: the player left the game).
const controls = document.createElement('p');
const pause = document.createElement('button');
pause.type = 'button';
pause.textContent = 'Pause (Facebook onPause)';
pause.addEventListener('click', () => {
  note('event pause');
  frame.contentWindow?.postMessage({ type: 'fbinstant-sdk-event', name: 'pause' }, location.origin);
});
controls.append(pause);
form.after(controls);
const showControls = () => {
  controls.hidden = new FormData(form).get('platform') !== 'fbinstantgames';
};
form.elements.namedItem('platform')?.addEventListener('change', showControls);
showControls();

// /dev/hosts?platform=fbinstantgames&game=sky-runner&user=new launches at once (bookmarks, tests).
if (launchedByQuery(form, 'fbinstantgames')) {
  showControls();
  form.requestSubmit();
}
