// The browser half of the simulated WizQ (served at /dev/hosts/ymobage-host.js in development only).
// It frames /play/{game}/iframe/ymobage?{opensocial_app_id, opensocial_viewer_id and a launch token
// signed on the server with the game's WizQ consumer secret} and answers the game's `wizq` messages:
// init, proxy (relayed by the server half to our proxy route, OAuth-signed, with this session's
// request counter from 0) and the payment window (Pay / Cancel / Error; on Pay WizQ relays the
// payment to our proxy route before the window answers).

import { ask, note, post } from './host-kit.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));

/** The running session: the game, the WizQ viewer, WizQ's session and its request counter. */
let session = { game: '', viewerId: '', token: '', num: 0 };

/** One request WizQ's gadget server relays to the game's server; the counter counts it. */
async function relay(command, extra = {}) {
  const num = session.num++;
  const relayed = await post('ymobage/proxy', {
    Game: session.game,
    ViewerId: session.viewerId,
    Session: session.token,
    Num: num,
    Command: command,
    ...extra,
  });
  note(`proxy ${command} #${num} → ${JSON.stringify(relayed.Answer)}`);
  return relayed;
}

const METHODS = {
  init: async () => ({ viewerId: session.viewerId }),
  proxy: async ({ command }) => {
    const relayed = await relay(command);
    if (!relayed.Ok) throw new Error(JSON.stringify(relayed.Answer));
    return relayed.Answer;
  },
  payment: async ({ securedOrderId, sku }) => {
    const choice = await ask('WizQ payment', `Buy ${sku} with WizQ coins?`, ['Pay', 'Cancel', 'Error']);
    if (choice === 'Cancel') return { status: 'cancelled' };
    if (choice === 'Error') return { status: 'error' };
    const relayed = await relay('payment', { SecuredOrderId: securedOrderId, Sku: sku });
    return { status: relayed.Ok ? 'paid' : 'error' };
  },
};

window.addEventListener('message', async (event) => {
  // Only the framed portal speaks to WizQ here.
  if (event.source !== frame.contentWindow || event.origin !== location.origin || event.data?.type !== 'wizq') return;
  const { id, method, params = {} } = event.data;
  note(`→ ${method} ${JSON.stringify(params)}`);
  let answer;
  try {
    answer = METHODS[method] ? { result: await METHODS[method](params) } : { error: `${method} is not simulated` };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  note(`← ${method} ${JSON.stringify(answer)}`);
  frame.contentWindow?.postMessage({ type: 'wizq-answer', id, ...answer }, location.origin);
});

async function launch() {
  const values = new FormData(form);
  const game = String(values.get('game') ?? '');
  const launched = await post('ymobage/launch', { Game: game, User: values.get('user') });
  session = { game, viewerId: launched.User.id, token: launched.Session, num: 0 };
  document.getElementById('who').textContent = `WizQ viewer ${launched.User.id}`;
  note(`launch ${launched.Url}`);
  frame.src = launched.Url;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  if (new FormData(form).get('platform') !== 'ymobage') return;
  launch().catch((error) => note(`launch failed: ${error.message}`));
});

// /dev/hosts?platform=ymobage&game=sky-runner&user=new launches at once (bookmarks, tests).
const query = new URLSearchParams(location.search);
if (query.has('game') && query.get('platform') === 'ymobage') {
  for (const name of ['platform', 'game', 'user']) {
    const value = query.get(name);
    const field = form.elements.namedItem(name);
    if (value && field instanceof HTMLSelectElement) field.value = value;
  }
  form.requestSubmit();
}
