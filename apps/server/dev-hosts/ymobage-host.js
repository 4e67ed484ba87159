// The browser half of the simulated WizQ (served at /dev/hosts/ymobage-host.js in development only).
// It frames /play/{game}/iframe/ymobage?{opensocial_app_id, opensocial_viewer_id and a launch token
// signed on the server with the game's WizQ consumer secret} and answers the game's `wizq` messages:
// init, proxy (relayed by the server half to our proxy route, OAuth-signed, with this session's
// request counter from 0) and the payment window (Pay / Cancel / Error; on Pay WizQ relays the
// payment to our proxy route before the window answers).

import { answerCalls, ask, launchedByQuery, launchOnSubmit, note, post } from './host-kit.js';

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

answerCalls(frame, 'wizq', METHODS, {
  fail: (error) => (error instanceof Error ? error.message : String(error)),
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

launchOnSubmit(form, 'ymobage', launch);

// /dev/hosts?platform=ymobage&game=sky-runner&user=new launches at once (bookmarks, tests).
if (launchedByQuery(form, 'ymobage')) form.requestSubmit();
