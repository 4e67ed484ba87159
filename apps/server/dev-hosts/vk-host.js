// The browser half of the simulated VK (served at /dev/hosts/vk-host.js in development only).
// It plays vk.com around the portal's player: frames /play/{game}/iframe/vkcom with launch
// parameters the server signed, answers the @vkontakte/vk-bridge postMessage protocol
// (platform-protocols.md §13e) from this parent page, and shows VK's dialogs with buttons
// for success, cancel and error. On Pay the server posts VK's signed payment notifications
// to our own callback, as VK would, before the order box answers; each paid order is listed
// with a Refund button that posts VK's signed refund notification. Hide/Restore send the
// app VK's VKWebAppViewHide / VKWebAppViewRestore events.

import { ask, note, post } from './host-kit.js';

const base = location.pathname.replace(/\/$/, '');
const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));
const banner = /** @type {HTMLElement} */ (document.getElementById('banner'));
const orders = /** @type {HTMLOListElement} */ (document.getElementById('orders'));

/** The running session: the game, the simulated user and friends, VK storage. */
let session = { game: '', user: /** @type {any} */ (null), friends: [], storage: new Map() };

/**
 * VK storage is per app and user and outlives the session: kept in this page's localStorage
 * under the game and the simulated user, so a relaunch (or another tab) finds it again.
 */
const storageKey = () => `fxid.dev-hosts.vkcom.storage.${session.game}.${session.user?.id}`;
function loadStorage() {
  try {
    return new Map(Object.entries(JSON.parse(localStorage.getItem(storageKey()) ?? '{}')));
  } catch {
    return new Map();
  }
}
const saveStorage = () => localStorage.setItem(storageKey(), JSON.stringify(Object.fromEntries(session.storage)));

/** A bridge error as VK sends it: the child's promise rejects iff `error_type` is present. */
const clientError = (code, reason) => ({
  error_type: 'client_error',
  error_data: { error_code: code, error_reason: reason },
});
const userDenied = () => clientError(4, 'User denied');

/** VK's banner answer (VKWebAppShowBannerAdResponse in vk-bridge's typings). */
const bannerState = (result) => ({
  result,
  banner_width: 728,
  banner_height: 90,
  banner_location: banner.dataset.location ?? 'bottom',
  layout_type: 'resize',
  height_type: 'compact',
});

/** VK's answers, by bridge method: a result object, or `{ failed: error }`. */
const METHODS = {
  VKWebAppInit: async () => ({ result: true }),
  SetSupportedHandlers: async () => ({ supportedHandlers: Object.keys(METHODS) }),
  VKWebAppGetUserInfo: async () => ({ ...session.user, id: Number(session.user.id) }),
  VKWebAppGetFriends: async () => ({ users: session.friends.map((user) => ({ ...user, id: Number(user.id) })) }),
  VKWebAppShowInviteBox: async () =>
    (await ask('Invite friends', 'Invite your VK friends to the game?', ['Invite', 'Cancel'])) === 'Invite'
      ? { success: true }
      : { failed: userDenied() },
  VKWebAppShare: async ({ link }) =>
    (await ask('Share', `Share ${link} on VK?`, ['Share', 'Cancel'])) === 'Share'
      ? { result: [{ type: 'message', users: [{ id: Number(session.friends[0]?.id ?? 1) }] }] }
      : { failed: userDenied() },
  VKWebAppAddToFavorites: async () => ({ result: true }),
  VKWebAppCheckNativeAds: async () => ({ result: true }),
  VKWebAppShowNativeAds: async ({ ad_format }) => {
    const kind = ad_format === 'reward' ? 'Rewarded video' : 'Interstitial';
    const outcome = await ask(`Ad: ${kind}`, 'A VK ad plays here. How does it end?', ['Finished', 'Skipped', 'Failed']);
    if (outcome === 'Failed') return { failed: clientError(1, 'No ads to show') };
    return { result: outcome === 'Finished' };
  },
  VKWebAppShowBannerAd: async ({ banner_location }) => {
    banner.hidden = false;
    banner.dataset.location = banner_location ?? 'bottom';
    return bannerState(true);
  },
  VKWebAppHideBannerAd: async () => {
    banner.hidden = true;
    return bannerState(true);
  },
  VKWebAppStorageGet: async ({ keys = [] }) => ({
    keys: keys.map((key) => ({ key, value: session.storage.get(key) ?? '' })),
  }),
  // VK's limits: a key of 1–100 letters, digits, _ or -; a value of at most 4096 bytes; the empty value deletes.
  VKWebAppStorageSet: async ({ key, value = '' }) => {
    if (typeof key !== 'string' || !/^[\w-]{1,100}$/.test(key)) return { failed: clientError(100, 'Invalid key') };
    const text = String(value);
    if (new TextEncoder().encode(text).length > 4096) return { failed: clientError(100, 'Value is too long') };
    if (text === '') session.storage.delete(key);
    else session.storage.set(key, text);
    saveStorage();
    return { result: true };
  },
  VKWebAppStorageGetKeys: async ({ count = 20, offset = 0 }) => ({
    keys: [...session.storage.keys()].slice(offset, offset + count),
  }),
  VKWebAppShowOrderBox: async ({ item }) => {
    const choice = await ask('VK order box', `Buy "${item}" for VK votes?`, ['Pay', 'Cancel', 'Error']);
    if (choice === 'Cancel') return { failed: userDenied() };
    if (choice === 'Error') return { failed: clientError(1, 'Unknown error') };
    // What VK does on Pay: get_item, then order_status_change, signed, to our callback.
    const paid = await post('vkcom/pay', { Game: session.game, UserId: session.user.id, Item: item });
    note(`callback get_item → ${JSON.stringify(paid.GetItem)}`);
    if (paid.StatusChange) note(`callback order_status_change → ${JSON.stringify(paid.StatusChange)}`);
    if (!paid.Paid) {
      const error = (paid.StatusChange ?? paid.GetItem).error ?? {};
      return { failed: { error_type: 'api_error', error_data: { ...error, request_params: [] } } };
    }
    listOrder(paid.OrderId, paid.Item);
    return { status: 'success', success: true, order_id: String(paid.OrderId) };
  },
};

/** A paid order in the order log, with VK's refund of it one button away. */
function listOrder(orderId, item) {
  const entry = document.createElement('li');
  entry.dataset.testid = 'host-order';
  entry.dataset.orderId = String(orderId);
  entry.dataset.item = item.item;
  const label = document.createElement('span');
  label.textContent = `#${orderId} ${item.item} · ${item.price} votes · paid `;
  const refund = document.createElement('button');
  refund.type = 'button';
  refund.textContent = 'Refund';
  refund.addEventListener('click', async () => {
    refund.disabled = true;
    try {
      const done = await post('vkcom/refund', {
        Game: session.game,
        UserId: session.user.id,
        OrderId: orderId,
        Item: item,
      });
      note(`callback order_status_change (refunded) → ${JSON.stringify(done.StatusChange)}`);
      label.textContent = `#${orderId} ${item.item} · ${item.price} votes · ${done.Refunded ? 'refunded' : 'refund refused'} `;
      entry.dataset.status = done.Refunded ? 'refunded' : 'refused';
    } catch (error) {
      note(`refund failed: ${error.message}`);
      refund.disabled = false;
    }
  });
  entry.dataset.status = 'paid';
  entry.append(label, refund);
  orders.prepend(entry);
}

/** Sends the app one of VK's events (no request_id: vk-bridge hands it to its subscribers). */
function sendEvent(type) {
  note(`← ${type} (event)`);
  frame.contentWindow?.postMessage({ type, data: {} }, location.origin);
}
document.getElementById('view-hide').addEventListener('click', () => sendEvent('VKWebAppViewHide'));
document.getElementById('view-restore').addEventListener('click', () => sendEvent('VKWebAppViewRestore'));

window.addEventListener('message', async (event) => {
  // Only the framed app speaks the bridge to us.
  if (event.source !== frame.contentWindow || event.data?.type !== 'vk-connect') return;
  const { handler, params = {} } = event.data;
  const { request_id, ...props } = params;
  note(`→ ${handler} ${JSON.stringify(props)}`);
  const answer = METHODS[handler]
    ? await METHODS[handler](props).catch((error) => ({ failed: clientError(1, String(error)) }))
    : { failed: clientError(1, `${handler} is not simulated`) };
  const failed = 'failed' in answer;
  const data = { ...(failed ? answer.failed : answer), request_id };
  note(`← ${handler}${failed ? 'Failed' : 'Result'} ${JSON.stringify(data)}`);
  frame.contentWindow?.postMessage({ type: `${handler}${failed ? 'Failed' : 'Result'}`, data }, location.origin);
});

async function launch() {
  const values = new FormData(form);
  const game = String(values.get('game') ?? '');
  const launched = await post('vkcom/launch', { Game: game, User: values.get('user') });
  session = { game, user: launched.User, friends: launched.Friends, storage: new Map() };
  session.storage = loadStorage();
  orders.replaceChildren();
  document.getElementById('who').textContent =
    `VK user ${launched.User.id} (${launched.User.first_name} ${launched.User.last_name}) in app ${launched.AppId}`;
  banner.hidden = true;
  note(`launch ${launched.Url}`);
  frame.src = launched.Url;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  // The page plays VK and Yandex, each script launching its own; Telegram plays on a page of its own.
  const values = new FormData(form);
  const platform = String(values.get('platform') ?? 'vkcom');
  if (platform === 'telegram') {
    location.assign(`${base}/telegram?game=${values.get('game')}&user=${values.get('user')}`);
    return;
  }
  if (platform !== 'vkcom') return;
  launch().catch((error) => note(`launch failed: ${error.message}`));
});

// VK's own controls (hide/restore, the order log) show only while VK is the chosen platform.
const showVkControls = () => {
  const onVk = new FormData(form).get('platform') === 'vkcom';
  for (const id of ['view', 'vk-orders']) /** @type {HTMLElement} */ (document.getElementById(id)).hidden = !onVk;
};
form.elements.namedItem('platform')?.addEventListener('change', showVkControls);

// /dev/hosts?platform=vkcom&game=sky-runner&user=new launches at once (bookmarks, tests).
const query = new URLSearchParams(location.search);
for (const name of ['platform', 'game', 'user']) {
  const value = query.get(name);
  const field = form.elements.namedItem(name);
  if (value && field instanceof HTMLSelectElement) field.value = value;
}
showVkControls();
if (query.has('game') && (query.get('platform') ?? 'vkcom') === 'vkcom') form.requestSubmit();
