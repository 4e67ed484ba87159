// The browser half of the simulated Kongregate (served at /dev/hosts/kg-host.js in development
// only). It frames /play/{game}/iframe/kg; the portal there loads the kongregate_api.js stand-in
// (/dev/hosts/kg/kongregate_api.js), which asks this page what Kongregate would decide: the player
// (with a game auth token the fake Kongregate server knows), the kreds purchase window (Pay puts the
// items in the player's inventory on the fake server; Cancel buys nothing), the registration and
// sign-in boxes (a guest who registers becomes a player: the `login` event), and the item list.

import { answerCalls, ask, launchedByQuery, launchOnSubmit, note, post } from './host-kit.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));

/** The running session: the game and the Kongregate player (a guest has user id 0). */
let session = { game: '', user: /** @type {any} */ (null) };

const describeUser = () => {
  document.getElementById('who').textContent = session.user.guest
    ? `Kongregate guest ${session.user.username} (not signed in)`
    : `Kongregate user ${session.user.userId} (${session.user.username})`;
};

/** Registration or sign-in inside the page: the guest becomes a player, and the JS API says `login`. */
async function box(title) {
  const choice = await ask(title, 'Create a Kongregate account or sign in to continue?', ['Register', 'Close']);
  if (choice !== 'Register') return false;
  session.user = (await post('kg/sign-in', { Game: session.game })).User;
  describeUser();
  note('event login');
  frame.contentWindow?.postMessage({ type: 'kg-api-event', name: 'login', user: session.user }, location.origin);
  return true;
}

/** Kongregate's answers, by stand-in method. */
const METHODS = {
  init: async () => ({ user: session.user }),
  showRegistrationBox: () => box('Kongregate registration'),
  showSignInBox: () => box('Kongregate sign-in'),
  purchaseItems: async ({ identifiers }) => {
    const choice = await ask('Kongregate purchase', `Buy ${identifiers.join(', ')} with kreds?`, ['Pay', 'Cancel']);
    if (choice !== 'Pay' || session.user.guest) return { success: false };
    const bought = await post('kg/purchase', {
      Game: session.game,
      UserId: session.user.userId,
      Identifiers: identifiers,
    });
    note(`items ${bought.ItemIds.join(', ')} in the inventory`);
    return { success: true };
  },
  requestItemList: async () => ({ success: true, data: (await post('kg/items', { Game: session.game })).Items }),
  submitStat: async () => true,
};

answerCalls(frame, 'kg-api', METHODS, { logLength: 200 });

async function launch() {
  const values = new FormData(form);
  const game = String(values.get('game') ?? '');
  const launched = await post('kg/launch', { Game: game, User: values.get('user') });
  session = { game, user: launched.User };
  describeUser();
  note(`launch ${launched.Url}`);
  frame.src = launched.Url;
}

launchOnSubmit(form, 'kg', launch);

// /dev/hosts?platform=kg&game=gem-garden&user=guest launches at once (bookmarks, tests).
if (launchedByQuery(form, 'kg')) form.requestSubmit();
