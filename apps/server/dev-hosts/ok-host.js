// The browser half of the simulated Odnoklassniki (served at /dev/hosts/ok-host.js in development
// only). It frames /play/{game}/iframe/ok?{launch parameters signed on the server with the game's
// OK secret key}; the portal there loads the FAPI stand-in (/dev/hosts/ok/fapi5.js), which asks
// this page what OK would decide: FAPI.init, the payment window (Pay / Cancel / Error; on Pay the
// server sends OK's signed callbacks.payment to our callback route before the window answers), the
// invite and rating dialogs, and ads (loadAd / showLoadedAd, showAd).

import { ask, launchedByQuery, launchOnSubmit, note, post } from './host-kit.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));

/** The running session: the game and the simulated OK user. */
let session = { game: '', user: /** @type {any} */ (null) };

/** OK's answers, by FAPI method: { result: 'ok' | 'cancel' | 'error', data }. */
const METHODS = {
  init: async () => ({ result: 'ok', data: '' }),
  showPayment: async ({ name, code, price, attributes, currency }) => {
    const choice = await ask('OK payment', `Buy "${name}" (${code}) for ${price} ${currency ?? 'ok'}?`, [
      'Pay',
      'Cancel',
      'Error',
    ]);
    if (choice === 'Cancel') return { result: 'cancel', data: '' };
    if (choice === 'Error') return { result: 'error', data: JSON.stringify({ error: 'Payment failed' }) };
    // OK tells the app's server first (callbacks.payment), then the page.
    const paid = await post('ok/pay', {
      Game: session.game,
      Uid: session.user.uid,
      Code: code,
      Price: price,
      Attributes: attributes,
    });
    note(`callbacks.payment ${paid.TransactionId} → ${paid.Paid ? 'true' : paid.Answer}`);
    if (!paid.Paid) return { result: 'error', data: paid.Answer };
    return { result: 'ok', data: JSON.stringify({ amount: String(price), transaction_id: paid.TransactionId }) };
  },
  showInvite: async ({ text }) => {
    const choice = await ask('Invite friends', `Invite friends with "${text ?? ''}"?`, [
      'Invite',
      'No friends',
      'Cancel',
    ]);
    if (choice === 'Invite') return { result: 'ok', data: '576100000002,576100000003' };
    return { result: 'error', data: choice === 'No friends' ? 'no friends to invite' : 'cancel' };
  },
  // A rewarded video: loadAd finds one (or none), showLoadedAd plays it.
  loadAd: async () => {
    const choice = await ask('OK ad', 'Load a rewarded video?', ['Ad ready', 'No ads']);
    return choice === 'Ad ready' ? { result: 'ok', data: 'ready' } : { result: 'error', data: 'no_ads' };
  },
  showLoadedAd: async () => {
    const choice = await ask('OK ad', 'Rewarded video: how does it end?', ['Watched', 'Skipped']);
    return { result: 'ok', data: choice === 'Watched' ? 'complete' : 'skip' };
  },
  showAd: async () => {
    const choice = await ask('OK ad', 'Interstitial ad', ['Shown', 'No ads']);
    if (choice === 'No ads') return { result: 'error', data: 'no_ads' };
    return { result: 'ok', data: 'ad_shown', progress: ['ready', 'ad_prepared'] };
  },
  showRatingDialog: async () => {
    const choice = await ask('Rate the game', 'Rate this game on OK?', ['Rate', 'Cancel']);
    return choice === 'Rate' ? { result: 'ok', data: '5' } : { result: 'error', data: 'cancel' };
  },
};

window.addEventListener('message', async (event) => {
  // Only the framed portal speaks to OK here.
  if (event.source !== frame.contentWindow || event.data?.type !== 'ok-fapi') return;
  const { id, method, params = {} } = event.data;
  note(`→ ${method} ${JSON.stringify(params)}`);
  let answer;
  try {
    answer = METHODS[method] ? await METHODS[method](params) : { result: 'error', data: `${method} is not simulated` };
  } catch (error) {
    answer = { result: 'error', data: error instanceof Error ? error.message : String(error) };
  }
  note(`← API_callback(${method}, ${answer.result}, ${JSON.stringify(answer.data)})`);
  frame.contentWindow?.postMessage({ type: 'ok-fapi-answer', id, ...answer }, location.origin);
});

async function launch() {
  const values = new FormData(form);
  const game = String(values.get('game') ?? '');
  const launched = await post('ok/launch', { Game: game, User: values.get('user') });
  session = { game, user: launched.User };
  document.getElementById('who').textContent =
    `OK user ${launched.User.uid} (${launched.User.name}) in app ${launched.AppId}`;
  note(`launch ${launched.Url}`);
  frame.src = launched.Url;
}

launchOnSubmit(form, 'ok', launch);

// /dev/hosts?platform=ok&game=sky-runner&user=new launches at once (bookmarks, tests).
if (launchedByQuery(form, 'ok')) form.requestSubmit();
