// What every simulated host page shares (served at /dev/hosts/host-kit.js in development only):
// its protocol log, calls to the dev server's /dev/hosts routes, the host's dialog, the answers to a
// stand-in's calls from the framed portal, and launching from the form or the page's query.

/** /dev/hosts, where this module and every host's routes are served. */
const base = new URL('.', import.meta.url).pathname.replace(/\/$/, '');
const log = /** @type {HTMLOListElement} */ (document.getElementById('log'));
const dialog = /** @type {HTMLElement} */ (document.getElementById('dialog'));

/** Adds a line, newest first, to the page's log of the host protocol. */
export function note(text) {
  const item = document.createElement('li');
  item.textContent = `${new Date().toISOString().slice(11, 19)} ${text}`;
  log.prepend(item);
}

/** POSTs JSON to /dev/hosts/{path} and resolves with the answer, or rejects with its problem's detail. */
export async function post(path, body) {
  const response = await fetch(`${base}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(data.detail ?? data.title ?? `HTTP ${response.status}`);
  return data;
}

/** Shows the host's dialog and resolves with the label of the button pressed. */
export function ask(title, text, choices) {
  return new Promise((resolve) => {
    document.getElementById('dialog-title').textContent = title;
    document.getElementById('dialog-text').textContent = text;
    document.getElementById('dialog-buttons').replaceChildren(
      ...choices.map((choice) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = choice;
        button.addEventListener('click', () => {
          dialog.hidden = true;
          resolve(choice);
        });
        return button;
      }),
    );
    dialog.setAttribute('aria-label', title);
    dialog.hidden = false;
  });
}

/**
 * Answers the calls a host's stand-in script makes from the framed portal: a message
 * `{ type, id, method, params }` gets `{ type: type + '-answer', id, result }` from `methods[method](params)`,
 * or `{ …, error: fail(error) }` when that throws or no such method is simulated (`unknown(method)` is thrown
 * then). Both directions go to the log, an answer cut at `logLength` characters.
 * @param {HTMLIFrameElement} frame
 * @param {string} type
 * @param {Record<string, (params: any) => unknown>} methods
 * @param {{ fail?: (error: any) => unknown, unknown?: (method: string) => Error, logLength?: number }} [options]
 */
export function answerCalls(frame, type, methods, options = {}) {
  const {
    fail = (error) => ({ message: String(error.message) }),
    unknown = (method) => new Error(`${method} is not simulated`),
    logLength = Number.POSITIVE_INFINITY,
  } = options;
  window.addEventListener('message', async (event) => {
    // Only the framed portal, of this origin, speaks to the host here.
    if (event.source !== frame.contentWindow || event.origin !== location.origin || event.data?.type !== type) return;
    const { id, method, params = {} } = event.data;
    note(`→ ${method} ${JSON.stringify(params)}`);
    let answer;
    try {
      if (!methods[method]) throw unknown(method);
      answer = { result: await methods[method](params) };
    } catch (error) {
      answer = { error: fail(error) };
    }
    note(`← ${method} ${JSON.stringify(answer).slice(0, logLength)}`);
    frame.contentWindow?.postMessage({ type: `${type}-answer`, id, ...answer }, location.origin);
  });
}

/**
 * Launches this host when the shared launch form is sent with its platform picked (`otherwise` runs
 * when another platform is), logging a launch that fails.
 * @param {HTMLFormElement} form
 * @param {string} platform
 * @param {() => Promise<void>} launch
 * @param {() => void} [otherwise]
 */
export function launchOnSubmit(form, platform, launch, otherwise = () => {}) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (new FormData(form).get('platform') !== platform) {
      otherwise();
      return;
    }
    launch().catch((error) => note(`launch failed: ${error.message}`));
  });
}

/**
 * Whether /dev/hosts?platform=…&game=…&user=… (bookmarks, tests) names this host's platform and a
 * game; if so its platform, game and user are picked in the launch form, for the page to launch at once.
 * @param {HTMLFormElement} form
 * @param {string} platform
 */
export function launchedByQuery(form, platform) {
  const query = new URLSearchParams(location.search);
  if (!query.has('game') || query.get('platform') !== platform) return false;
  for (const name of ['platform', 'game', 'user']) {
    const value = query.get(name);
    const field = form.elements.namedItem(name);
    if (value && field instanceof HTMLSelectElement) field.value = value;
  }
  return true;
}

/**
 * Answers a wrapper bridge stand-in (wrapper-bridge.js) in `frame` on `channel`: its calls carry
 * their arguments as a list, so each runs `methods[method](...params)`; logged both ways.
 * @param {HTMLIFrameElement} frame
 * @param {string} channel
 * @param {Record<string, (...params: any[]) => unknown>} methods
 */
export function serveBridge(frame, channel, methods) {
  const spread = Object.fromEntries(
    Object.entries(methods).map(([name, method]) => [
      name,
      (params) => method(...(Array.isArray(params) ? params : [])),
    ]),
  );
  answerCalls(frame, channel, spread, { logLength: 120 });
}

/** Raises the bridge event `name` with `response` in `frame`'s stand-in on `channel`. */
export function bridgeEvent(frame, channel, name, response) {
  note(`event ${name} ${JSON.stringify(response)}`);
  frame.contentWindow?.postMessage({ type: `${channel}-event`, name, response }, location.origin);
}
