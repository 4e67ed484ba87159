// The browser half of the simulated VK Play (served at /dev/hosts/vkplay-host.js in development only).
// It frames /play/{game}/iframe/vkplay?{launch parameters signed on the server with the game's VK Play
// secret}; the portal there loads the mailru.core.js stand-in (/dev/hosts/vkplay/mailru.core.js), which
// asks this page what VK Play would decide: the login status, the player's profile, its login (authUser) and registration
// (registerUser) dialogs, reloading the game, the payment window (Pay / Cancel / Error; on Pay the
// server sends VK Play's signed payment notification to our route before the window answers) and ads.

import { ask, launchedByQuery, launchOnSubmit, note, post } from './host-kit.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));

/** The running session: the game, the simulated VK Play user, and the launch a reload opens. */
let session = {
  game: '',
  user: /** @type {any} */ ({ uid: null, loginStatus: 0 }),
  nextLaunch: /** @type {any} */ (null),
};

/** Shows who plays and frames the launch. */
function open(launched) {
  session.user = launched.User;
  const who = launched.User.uid ? `VK Play user ${launched.User.uid}` : 'VK Play guest';
  document.getElementById('who').textContent =
    `${who} (login status ${launched.User.loginStatus}) in app ${launched.AppId}`;
  note(`launch ${launched.Url}`);
  frame.src = launched.Url;
}

/** VK Play's login or registration dialog: on success the player is registered, and a reload opens their launch. */
async function signInDialog(title, action, callback) {
  const choice = await ask(title, `${action} to play ${session.game} on VK Play?`, [action, 'Cancel']);
  if (choice !== action) return [{ name: callback, data: { status: 'error', errmsg: 'User cancelled' } }];
  const launched = await post('vkplay/launch', { Game: session.game, User: 'new' });
  session.nextLaunch = launched;
  return [{ name: callback, data: { status: 'ok', uid: launched.User.uid } }];
}

/** VK Play's answers, by api method: the callbacks it invokes, in order. */
const METHODS = {
  init: async () => ({ ok: true }),
  getLoginStatus: async () => ({
    calls: [{ name: 'getLoginStatusCallback', data: { status: 'ok', loginStatus: session.user.loginStatus } }],
  }),
  userProfile: async () => ({
    calls: [
      {
        name: 'userProfileCallback',
        data: session.user.uid
          ? { status: 'ok', uid: session.user.uid, nick: `Player ${session.user.uid.slice(-4)}`, avatar: '' }
          : { status: 'error', errmsg: 'not registered' },
      },
    ],
  }),
  authUser: async () => ({ calls: await signInDialog('VK Play login', 'Log in', 'userInfoCallback') }),
  registerUser: async () => ({ calls: await signInDialog('VK Play registration', 'Register', 'registerUserCallback') }),
  reloadWindow: async () => {
    if (session.nextLaunch) open(session.nextLaunch);
    else frame.contentWindow?.location.reload();
    session.nextLaunch = null;
    return { calls: [] };
  },
  paymentFrame: async ({ merchant_param: param = {} }) => {
    const choice = await ask(
      'VK Play payment',
      `Buy "${param.description}" (${param.item_id}) for ${param.amount} ${param.currency}?`,
      ['Pay', 'Cancel', 'Error'],
    );
    if (choice === 'Cancel') return { calls: [{ name: 'paymentWindowClosedCallback' }] };
    const closed = { name: 'paymentWindowClosedCallback' };
    if (choice === 'Error') {
      return {
        calls: [{ name: 'paymentReceivedCallback', data: { status: 'error', errmsg: 'Payment failed' } }, closed],
      };
    }
    // VK Play tells the game's server first (the signed notification), then the page.
    const paid = await post('vkplay/pay', { Game: session.game, Uid: session.user.uid, MerchantParam: param });
    note(`payment notification ${paid.TransactionId} → ${paid.Answer}`);
    const received = paid.Paid
      ? { status: 'ok', uid: session.user.uid, transaction_id: paid.TransactionId }
      : { status: 'error', errmsg: paid.Answer };
    return { calls: [{ name: 'paymentReceivedCallback', data: received }, closed] };
  },
  showAds: async ({ interstitial }) => {
    const kind = interstitial ? 'Interstitial ad' : 'Rewarded video';
    const choice = await ask('VK Play ad', `${kind}: how does it end?`, ['Watch to the end', 'Close early', 'No ad']);
    const type = { 'Watch to the end': 'adCompleted', 'Close early': 'adDismissed', 'No ad': 'adError' }[choice];
    return { calls: [{ name: 'adsCallback', data: type === 'adError' ? { type, code: 'AdsNotFound' } : { type } }] };
  },
};

window.addEventListener('message', async (event) => {
  // Only the framed portal speaks to VK Play here.
  if (event.source !== frame.contentWindow || event.data?.type !== 'vkplay-core') return;
  const { id, method, params = {} } = event.data;
  note(`→ ${method} ${JSON.stringify(params)}`);
  let answer;
  try {
    answer = METHODS[method] ? await METHODS[method](params) : { calls: [], error: `${method} is not simulated` };
  } catch (error) {
    answer = { ok: false, calls: [], error: error instanceof Error ? error.message : String(error) };
  }
  for (const call of answer.calls ?? []) note(`← ${call.name}(${JSON.stringify(call.data ?? '')})`);
  frame.contentWindow?.postMessage({ type: 'vkplay-core-answer', id, ...answer }, location.origin);
});

async function launch() {
  const values = new FormData(form);
  session = { game: String(values.get('game') ?? ''), user: { uid: null, loginStatus: 0 }, nextLaunch: null };
  open(await post('vkplay/launch', { Game: session.game, User: values.get('user') }));
}

launchOnSubmit(form, 'vkplay', launch);

// /dev/hosts?platform=vkplay&game=sky-runner&user=guest launches at once (bookmarks, tests).
if (launchedByQuery(form, 'vkplay')) form.requestSubmit();
