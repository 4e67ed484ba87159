// The browser half of the simulated Facebook Games canvas (served at /dev/hosts/fbgames-host.js in
// development only). It frames /play/{game}/iframe/fbgames?app_id=…, as the canvas page's redirect
// does; the portal there loads the JS SDK stand-in (/dev/hosts/fbgames/sdk.js), which asks this
// page for the login status (signed on the server with the game's app secret), the login dialog for
// a user who has not authorized the app, the pay dialog (Pay / Cancel / Error; on Pay the server
// records the payment in its fake Graph API and sends Facebook's signed payments webhook to our
// server before the dialog answers), game requests and the share dialog.

import { ask, launchedByQuery, launchOnSubmit, note, post } from './host-kit.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));

/** The running session: the game and the simulated Facebook user. */
let session = { game: '', user: /** @type {any} */ (null) };

/** Facebook's error for a dialog the player closed (UNCONFIRMED code). */
const CANCELLED = { error_code: 1383010, error_message: 'User canceled the Dialog flow' };

const status = async () => {
  if (!session.user.authorized) return { status: 'not_authorized', authResponse: null };
  const { SignedRequest } = await post('fbgames/sign-user', { Game: session.game, UserId: session.user.id });
  return {
    status: 'connected',
    authResponse: { userID: session.user.id, accessToken: 'simulated', expiresIn: 3600, signedRequest: SignedRequest },
  };
};

/** Facebook's answers, by stand-in method. */
const METHODS = {
  init: async () => true,
  getLoginStatus: status,
  login: async () => {
    const choice = await ask('Facebook login', 'Log in to the game with Facebook?', ['Continue', 'Cancel']);
    if (choice === 'Continue') session.user = { ...session.user, authorized: true };
    return status();
  },
  ui: async (params) => {
    if (params.method === 'pay') {
      const choice = await ask('Facebook pay', `Buy ${params.product}?`, ['Pay', 'Cancel', 'Error']);
      if (choice === 'Cancel') return CANCELLED;
      if (choice === 'Error') return { error_code: 1383001, error_message: 'The payment failed' };
      const paid = await post('fbgames/pay', {
        Game: session.game,
        UserId: session.user.id,
        Product: params.product,
        RequestId: params.request_id,
      });
      note(`payments webhook → ${paid.Webhook.status} ${JSON.stringify(paid.Webhook.body)}`);
      return paid.Dialog;
    }
    if (params.method === 'apprequests') {
      const choice = await ask('Game request', `Send "${params.message}" to friends?`, ['Send', 'Cancel']);
      return choice === 'Send' ? { request: `${Date.now()}`, to: ['4500000000000001', '4500000000000002'] } : CANCELLED;
    }
    if (params.method === 'share') {
      const choice = await ask('Share on Facebook', `Share ${params.href}?`, ['Share', 'Cancel']);
      return choice === 'Share' ? [] : CANCELLED;
    }
    return { error_code: 3, error_message: `${params.method} is not simulated` };
  },
};

window.addEventListener('message', async (event) => {
  // Only the framed portal speaks to Facebook here.
  if (event.source !== frame.contentWindow || event.data?.type !== 'fb-sdk') return;
  const { id, method, params = {} } = event.data;
  note(`→ ${method} ${JSON.stringify(params)}`);
  let result;
  try {
    result = METHODS[method] ? await METHODS[method](params) : { error_code: 3, error_message: 'unknown method' };
  } catch (error) {
    result = { error_code: 1, error_message: error instanceof Error ? error.message : String(error) };
  }
  note(`← ${method} ${JSON.stringify(result)}`);
  frame.contentWindow?.postMessage({ type: 'fb-sdk-answer', id, result }, location.origin);
});

async function launch() {
  const values = new FormData(form);
  const game = String(values.get('game') ?? '');
  const launched = await post('fbgames/launch', { Game: game, User: values.get('user') });
  session = { game, user: launched.User };
  document.getElementById('who').textContent = launched.User.authorized
    ? `Facebook user ${launched.User.id} (${launched.User.name}) in app ${launched.AppId}`
    : `Facebook visitor ${launched.User.id} (app not authorized) in app ${launched.AppId}`;
  note(`launch ${launched.Url}`);
  frame.src = launched.Url;
}

launchOnSubmit(form, 'fbgames', launch);

// /dev/hosts?platform=fbgames&game=sky-runner&user=new launches at once (bookmarks, tests).
if (launchedByQuery(form, 'fbgames')) form.requestSubmit();
