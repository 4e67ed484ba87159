// The browser half of the simulated Absolute Games (served at /dev/hosts/ag-host.js in development
// only). It frames /play/{game}/iframe/ag?{iframe parameters signed on the server with the game's AG
// secret} and answers the game's `agru-*` messages as ag.ru's host does ({ type, data: [result,
// error] }): the hello, the login window for a guest (on login it pushes agru-optionsUpdates with
// new signed parameters), ShowPayment (on Pay the server sends AG's signed payment notification to
// our route before the window reports), and ShowCampaign ads.

import { ask, launchedByQuery, launchOnSubmit, note, post } from './host-kit.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));

/** The running session: the game and the simulated AG player. */
let session = { game: '', user: /** @type {any} */ (null) };

const who = () => {
  const { user } = session;
  document.getElementById('who').textContent = user.guest
    ? 'AG guest (not logged in)'
    : `AG player ${user.id} (${user.name})`;
};

/** What the payment token says AG charges (its payload is readable; only our server can check its MAC). */
function chargeOf(token) {
  try {
    const payload = String(token).split('.')[0].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(payload));
  } catch {
    return null;
  }
}

/** Sends the game one message, as the host does. */
function reply(type, result, error = null) {
  note(`← ${type} ${JSON.stringify([result, error])}`);
  frame.contentWindow?.postMessage({ type, data: [result, error] }, location.origin);
}

/** The host's answers, by message type; each replies itself (ShowPayment replies twice). */
const HANDLERS = {
  'agru-sayHello': () => reply('agru-sayHello', 'Hello, from AG.ru'),
  'agru-authorize': async () => {
    reply('agru-authorize', true);
    const choice = await ask('Log in to AG.ru', 'Log in to play and buy on Absolute Games?', ['Log in', 'Close']);
    if (choice !== 'Log in') return;
    const logged = await post('ag/login', { Game: session.game });
    session = { ...session, user: logged.User };
    who();
    reply('agru-optionsUpdates', logged.Options);
  },
  'agru-showPayment': async (token) => {
    reply('agru-showPayment', { info: null, status: true });
    const charge = chargeOf(token);
    const choice = await ask(
      'AG payment',
      `Buy ${charge?.sku ?? '?'} for ${charge?.amount ?? '?'} ${charge?.currency ?? ''}?`,
      ['Pay', 'Cancel', 'Error', 'Pending'],
    );
    if (choice === 'Cancel') return reply('agru-showPayment', { info: null, status: false });
    if (choice === 'Error') return reply('agru-showPayment', { info: { status: 'fail' }, status: false });
    if (choice === 'Pending') return reply('agru-showPayment', { info: { status: 'pending' }, status: false });
    // AG's server tells the game's server first (the payment notification), then the page.
    const paid = await post('ag/pay', { Game: session.game, PlayerId: session.user.id, Token: token });
    note(`payment notification ${paid.Invoice} → ${paid.Paid ? 'ok' : paid.Answer}`);
    if (!paid.Paid) return reply('agru-showPayment', { info: { status: 'fail' }, status: false });
    return reply('agru-showPayment', { info: { status: 'success', invoice: paid.Invoice }, status: false });
  },
  'agru-showCampaign': async (type) => {
    const choice = await ask('AG ad', `A ${type} campaign is playing.`, ['Watch to the end', 'Close early', 'Error']);
    if (choice === 'Error') return reply('agru-showCampaign', null, 'campaign failed');
    const watched = choice === 'Watch to the end';
    return reply('agru-showCampaign', { type, status: watched, reward: watched && type === 'rewarded' });
  },
};

window.addEventListener('message', async (event) => {
  // Only the framed game speaks to the host, as AG's host filters: an agru- type and non-array data.
  if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
  const { type, data } = event.data ?? {};
  if (!String(type).includes('agru-') || data === undefined || Array.isArray(data)) return;
  note(`→ ${type} ${JSON.stringify(data)}`);
  try {
    if (HANDLERS[type]) await HANDLERS[type](data);
    else reply(type, null, `${type} is not simulated`);
  } catch (error) {
    reply(type, null, error instanceof Error ? error.message : String(error));
  }
});

async function launch() {
  const values = new FormData(form);
  const game = String(values.get('game') ?? '');
  const launched = await post('ag/launch', { Game: game, User: values.get('user') });
  session = { game, user: launched.User };
  who();
  note(`launch ${launched.Url}`);
  frame.src = launched.Url;
}

launchOnSubmit(form, 'ag', launch);

// /dev/hosts?platform=ag&game=sky-runner&user=new launches at once (bookmarks, tests).
if (launchedByQuery(form, 'ag')) form.requestSubmit();
