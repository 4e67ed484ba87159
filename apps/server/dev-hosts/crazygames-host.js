// The browser half of the simulated CrazyGames (served at /dev/hosts/crazygames-host.js in
// development only). It frames /play/{game}/iframe/crazygames; the portal there loads the SDK v3
// stand-in (/dev/hosts/crazygames/sdk.js), which asks this page what CrazyGames would decide: the
// user and its token (signed on the server), the auth prompt for a guest, ads (Finished / Failed)
// and the banner. Buttons sign the user out or switch to another account, which the SDK's auth
// listener reports, as CrazyGames' does.

import { answerCalls, ask, launchedByQuery, launchOnSubmit, note, post } from './host-kit.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));
const banner = /** @type {HTMLElement} */ (document.getElementById('banner'));

/** The running session: the game and the signed-in CrazyGames user (null for a guest). */
let session = { game: '', user: /** @type {any} */ (null) };

/** A refusal the stand-in turns into a rejected promise, with CrazyGames' error code. */
class Refusal extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

const describeUser = () => {
  document.getElementById('who').textContent = session.user
    ? `CrazyGames user ${session.user.userId} (${session.user.username})`
    : 'CrazyGames guest (not signed in)';
};

/** The SDK's auth listener hears of every change of user, as on CrazyGames. */
function authChanged() {
  describeUser();
  const user = session.user && { username: session.user.username, profilePictureUrl: session.user.profilePictureUrl };
  note(`event auth ${JSON.stringify(user)}`);
  frame.contentWindow?.postMessage({ type: 'crazygames-sdk-event', name: 'auth', user }, location.origin);
}

const adOverlay = async ({ kind }) =>
  ask(`Ad: ${kind}`, 'A CrazyGames ad plays here. How does it end?', ['Finished', 'Failed']);

/** CrazyGames' answers, by stand-in method. */
const METHODS = {
  init: async () => ({
    environment: 'crazygames',
    isUserAccountAvailable: true,
    systemInfo: { countryCode: 'NL', locale: 'en-US', device: { type: 'desktop' } },
    // Whose data the stand-in's data module holds: the signed-in user's, else this browser's guest's.
    dataOwner: session.user ? `${session.game}.${session.user.userId}` : `${session.game}.guest`,
  }),
  getUser: async () =>
    session.user && { username: session.user.username, profilePictureUrl: session.user.profilePictureUrl },
  getUserToken: async () => {
    if (!session.user) throw new Refusal('userNotAuthenticated', 'No user is signed in to CrazyGames');
    return (await post('crazygames/token', { Game: session.game, User: session.user })).Token;
  },
  showAuthPrompt: async () => {
    if (session.user) throw new Refusal('userAlreadySignedIn', 'The user is signed in already');
    const choice = await ask('CrazyGames sign-in', 'Sign in to CrazyGames to continue?', ['Sign in', 'Cancel']);
    if (choice !== 'Sign in') throw new Refusal('userCancelled', 'The player closed the auth prompt');
    session.user = (await post('crazygames/new-user', { Game: session.game })).User;
    authChanged();
    return { username: session.user.username, profilePictureUrl: session.user.profilePictureUrl };
  },
  requestAd: adOverlay,
  hasAdblock: async () => false,
  requestBanner: async () => {
    banner.hidden = false;
  },
  clearBanner: async () => {
    banner.hidden = true;
  },
  loadingStart: async () => true,
  loadingStop: async () => true,
  gameplayStart: async () => true,
  gameplayStop: async () => true,
  happytime: async () => true,
};

answerCalls(frame, 'crazygames-sdk', METHODS, {
  fail: (error) => ({ code: error instanceof Refusal ? error.code : 'other', message: String(error.message) }),
  logLength: 200,
});

async function launch() {
  const values = new FormData(form);
  const game = String(values.get('game') ?? '');
  const launched = await post('crazygames/launch', { Game: game, User: values.get('user') });
  session = { game, user: launched.User };
  describeUser();
  banner.hidden = true;
  note(`launch ${launched.Url} (game id ${launched.GameId})`);
  frame.src = launched.Url;
}

const isCrazyGames = () => new FormData(form).get('platform') === 'crazygames';

launchOnSubmit(form, 'crazygames', launch);

// Sign out / switch account, shown for CrazyGames only: what the auth listener reports.
const controls = document.createElement('p');
controls.hidden = true;
const signOut = document.createElement('button');
signOut.type = 'button';
signOut.textContent = 'Sign out of CrazyGames';
signOut.dataset.testid = 'crazygames-sign-out';
signOut.addEventListener('click', () => {
  session.user = null;
  authChanged();
});
const switchUser = document.createElement('button');
switchUser.type = 'button';
switchUser.textContent = 'Switch CrazyGames account';
switchUser.dataset.testid = 'crazygames-switch-user';
switchUser.addEventListener('click', async () => {
  session.user = (await post('crazygames/new-user', { Game: session.game })).User;
  authChanged();
});
controls.append(signOut, switchUser);
form.after(controls);
const showControls = () => {
  controls.hidden = !isCrazyGames();
};
form.elements.namedItem('platform')?.addEventListener('change', showControls);
showControls();

// /dev/hosts?platform=crazygames&game=sky-runner&user=guest launches at once (bookmarks, tests).
if (launchedByQuery(form, 'crazygames')) form.requestSubmit();
