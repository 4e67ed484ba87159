// The browser half of the simulated Steam (served at /dev/hosts/steam-host.js in development only).
// It plays the Steam client around a Steam build of the game: it frames /play/{game}/iframe/steam; the
// portal there loads the bridge stand-in (/dev/hosts/steam/steam-bridge.js, wrapper-bridge.js), which asks this page for
// the app id, the player and Web API tickets (issued by the fake Steam Web API). Like Steam's overlay,
// this page watches for transactions our server opened with InitTxn and asks the player: Authorize or
// Cancel; the answer goes to the fake Steam and, as MicroTxnAuthorizationResponse, to the game's page.

import { ask, bridgeEvent, launchedByQuery, launchOnSubmit, note, post, serveBridge } from './host-kit.js';

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));

/** The running session: the game, its Steam app id and the Steam user. */
let session = { game: '', appId: 0, user: /** @type {any} */ (null) };
let watcher = 0;
const shown = new Set();

// The Steam client's answers, by bridge method.
serveBridge(frame, 'steam-bridge', {
  appId: async () => session.appId,
  player: async () => session.user,
  getAuthTicketForWebApi: async (identity) =>
    (await post('steam/ticket', { Game: session.game, SteamId: session.user.steamId, Identity: identity })).Ticket,
});

/** The overlay for one transaction: the player's answer goes to Steam, then to the game as the callback. */
async function overlay(txn) {
  const [item] = txn.Items;
  const price = `${(item.amount / 100).toFixed(2)} ${txn.Currency}`;
  const choice = await ask('Steam purchase', `Authorize the purchase of ${item.description} for ${price}?`, [
    'Authorize',
    'Authorize (card declined)',
    'Cancel',
  ]);
  const answer = await post('steam/authorize', {
    Game: session.game,
    OrderId: txn.OrderId,
    Approved: choice !== 'Cancel',
    ChargeFails: choice === 'Authorize (card declined)',
  });
  const response = { appId: answer.AppId, orderId: answer.OrderId, authorized: answer.Authorized };
  bridgeEvent(frame, 'steam-bridge', 'MicroTxnAuthorizationResponse', response);
}

/** Steam shows a transaction in the overlay once InitTxn opened it: this page looks every half second. */
async function watch(launch) {
  while (launch === watcher) {
    try {
      const { Transactions } = await post('steam/waiting', { Game: session.game, SteamId: session.user.steamId });
      for (const txn of Transactions) {
        if (shown.has(txn.OrderId)) continue;
        shown.add(txn.OrderId);
        note(`InitTxn ${txn.OrderId}: the overlay opens`);
        await overlay(txn);
      }
    } catch (error) {
      note(`overlay: ${error.message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function launch() {
  const values = new FormData(form);
  const game = String(values.get('game') ?? '');
  const launched = await post('steam/launch', { Game: game, User: values.get('user') });
  session = { game, appId: launched.AppId, user: launched.User };
  document.getElementById('who').textContent = `Steam user ${session.user.steamId} (${session.user.name})`;
  note(`launch ${launched.Url}`);
  frame.src = launched.Url;
  watcher += 1;
  void watch(watcher);
}

launchOnSubmit(form, 'steam', launch, () => {
  watcher += 1;
});

// /dev/hosts?platform=steam&game=sky-runner&user=new launches at once (bookmarks, tests).
if (launchedByQuery(form, 'steam')) form.requestSubmit();
