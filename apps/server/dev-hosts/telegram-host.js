// The browser half of the simulated Telegram (served at /dev/hosts/telegram-host.js in development
// only). It plays Telegram Web around a Mini App: frames /play/{game}/iframe/telegram with
// #tgWebAppData=… that the server signed with the game's bot token, answers the
// telegram-web-app.js postMessage protocol (platform-protocols.md §13f: JSON strings
// { eventType, eventData } both ways), and shows Telegram's Stars invoice with Pay, Cancel and
// Fail. On Pay the server's fake Bot API posts the bot's webhook pre_checkout_query and, once
// the bot answered ok, successful_payment, as Telegram does, before invoice_closed is sent.
// CloudStorage's custom methods keep the user's values in this page's localStorage per game and user.

import { ask, note, post as postHost } from './host-kit.js';

/** The Telegram simulator's own routes, under /dev/hosts/telegram/. */
const post = (path, body) => postHost(`telegram/${path}`, body);

const form = /** @type {HTMLFormElement} */ (document.getElementById('launch'));
const frame = /** @type {HTMLIFrameElement} */ (document.getElementById('app'));
const orders = /** @type {HTMLOListElement} */ (document.getElementById('orders'));

let session = { game: '', user: /** @type {any} */ (null), theme: {} };

/** Sends the Mini App one of Telegram's events, as Telegram Web does: a JSON string. */
function send(eventType, eventData) {
  note(`← ${eventType} ${JSON.stringify(eventData)}`);
  frame.contentWindow?.postMessage(JSON.stringify({ eventType, eventData }), location.origin);
}

const payer = () => ({ id: session.user.id, first_name: session.user.first_name });

function listCharge(chargeId, invoice) {
  const entry = document.createElement('li');
  const label = document.createElement('span');
  label.textContent = `${invoice.Title} · ${invoice.Amount} Stars · paid `;
  const refund = document.createElement('button');
  refund.type = 'button';
  refund.textContent = 'Refund';
  refund.addEventListener('click', async () => {
    refund.disabled = true;
    try {
      const done = await post('refund', { ChargeId: chargeId, Payer: payer() });
      note(`webhook refunded_payment → ${JSON.stringify(done.Answer)}`);
      label.textContent = `${invoice.Title} · ${invoice.Amount} Stars · refunded `;
      entry.dataset.status = 'refunded';
    } catch (error) {
      note(`refund failed: ${error.message}`);
      refund.disabled = false;
    }
  });
  entry.dataset.status = 'paid';
  entry.append(label, refund);
  orders.prepend(entry);
}

/** The Stars invoice: Pay drives the Bot API's webhook updates; the answer is how it closed. */
async function openInvoice(slug) {
  const invoice = await post('invoice', { Slug: slug });
  const choice = await ask(invoice.Title, `${invoice.Description} — ${invoice.Amount} Stars`, [
    `Pay ${invoice.Amount} Stars`,
    'Cancel',
    'Fail',
  ]);
  if (choice === 'Cancel') return 'cancelled';
  if (choice === 'Fail') return 'failed';
  const paid = await post('pay', { Slug: slug, Payer: payer() });
  for (const delivery of paid.Deliveries) note(`webhook ${delivery.update} → ${JSON.stringify(delivery.body)}`);
  if (paid.Status !== 'paid') {
    note(`payment refused: ${paid.ErrorMessage}`);
    await ask('Payment failed', paid.ErrorMessage ?? 'The payment failed', ['OK']);
    return 'failed';
  }
  listCharge(paid.ChargeId, invoice);
  return 'paid';
}

/** CloudStorage's limits: keys of 1–128 letters, digits, _ or -; values of at most 4096 characters; 1024 keys. */
const KEY = /^[A-Za-z0-9_-]{1,128}$/;
const storageKey = () => `fxid.dev-hosts.telegram.cloud.${session.game}.${session.user?.id}`;
function cloudStorage() {
  try {
    return JSON.parse(localStorage.getItem(storageKey()) ?? '{}');
  } catch {
    return {};
  }
}

/** CloudStorage's custom methods (web_app_invoke_custom_method), kept in this page's localStorage per bot and user. */
const CUSTOM_METHODS = {
  getStorageKeys: () => Object.keys(cloudStorage()),
  getStorageValues: ({ keys }) => {
    if (!Array.isArray(keys) || !keys.every((key) => KEY.test(key))) throw new Error('STORAGE_KEY_INVALID');
    const stored = cloudStorage();
    return Object.fromEntries(keys.map((key) => [key, stored[key] ?? '']));
  },
  saveStorageValue: ({ key, value }) => {
    if (!KEY.test(key ?? '')) throw new Error('STORAGE_KEY_INVALID');
    if (typeof value !== 'string' || value.length > 4096) throw new Error('STORAGE_VALUE_INVALID');
    const stored = cloudStorage();
    if (!(key in stored) && Object.keys(stored).length >= 1024) throw new Error('STORAGE_KEYS_TOO_MANY');
    localStorage.setItem(storageKey(), JSON.stringify({ ...stored, [key]: value }));
    return true;
  },
  deleteStorageValues: ({ keys }) => {
    if (!Array.isArray(keys) || !keys.every((key) => KEY.test(key))) throw new Error('STORAGE_KEY_INVALID');
    const stored = cloudStorage();
    for (const key of keys) delete stored[key];
    localStorage.setItem(storageKey(), JSON.stringify(stored));
    return true;
  },
};

/** Telegram's answers to the Mini App's events, by event type. */
const EVENTS = {
  iframe_ready: () => undefined,
  web_app_ready: () => undefined,
  web_app_expand: () => undefined,
  web_app_request_theme: () => send('theme_changed', { theme_params: session.theme }),
  web_app_request_viewport: () =>
    send('viewport_changed', { height: frame.clientHeight, is_expanded: true, is_state_stable: true }),
  web_app_open_invoice: async ({ slug }) => {
    const status = await openInvoice(slug).catch((error) => {
      note(`invoice failed: ${error.message}`);
      return 'failed';
    });
    send('invoice_closed', { slug, status });
  },
  web_app_invoke_custom_method: ({ req_id, method, params }) => {
    try {
      if (!CUSTOM_METHODS[method]) throw new Error('METHOD_NOT_FOUND');
      send('custom_method_invoked', { req_id, result: CUSTOM_METHODS[method](params ?? {}) });
    } catch (error) {
      send('custom_method_invoked', { req_id, error: error.message });
    }
  },
  web_app_open_tg_link: async ({ path_full }) => {
    await ask('Share', `Telegram's share sheet: t.me${path_full}`, ['Send', 'Cancel']);
  },
};

window.addEventListener('message', (event) => {
  // Only the framed Mini App speaks the protocol to us, in JSON strings.
  if (event.source !== frame.contentWindow || typeof event.data !== 'string') return;
  let message;
  try {
    message = JSON.parse(event.data);
  } catch {
    return;
  }
  const { eventType, eventData } = message;
  if (typeof eventType !== 'string') return;
  note(`→ ${eventType} ${JSON.stringify(eventData ?? '')}`);
  const handler = EVENTS[eventType];
  if (!handler) return note(`(${eventType} is not simulated)`);
  Promise.resolve(handler(eventData && typeof eventData === 'object' ? eventData : {})).catch((error) =>
    note(`${eventType} failed: ${error.message}`),
  );
});

document.getElementById('view-hide').addEventListener('click', () => send('visibility_changed', { is_visible: false }));
document
  .getElementById('view-restore')
  .addEventListener('click', () => send('visibility_changed', { is_visible: true }));

async function launch() {
  const values = new FormData(form);
  const game = String(values.get('game') ?? '');
  const launched = await post('launch', { Game: game, User: values.get('user') });
  session = { game, user: launched.User, theme: launched.Theme };
  orders.replaceChildren();
  document.getElementById('who').textContent =
    `Telegram user ${launched.User.id} (${launched.User.first_name} ${launched.User.last_name}) with bot ${launched.BotId}`;
  note(`launch ${launched.Url.split('#')[0]}`);
  frame.src = launched.Url;
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  launch().catch((error) => note(`launch failed: ${error.message}`));
});

// /dev/hosts/telegram?game=sky-runner&user=new launches at once (bookmarks, tests).
const query = new URLSearchParams(location.search);
for (const name of ['game', 'user']) {
  const value = query.get(name);
  const field = form.elements.namedItem(name);
  if (value && field instanceof HTMLSelectElement) field.value = value;
}
if (query.has('game')) form.requestSubmit();
