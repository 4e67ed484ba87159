// What every simulated host page shares (served at /dev/hosts/host-kit.js in development only):
// its protocol log, calls to the dev server's /dev/hosts routes, and the host's dialog.

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
 * Answers a wrapper bridge stand-in (wrapper-bridge.js) in `frame` on `channel`: each request runs
 * `methods[method](...params)` and its result (or error) goes back; logged both ways.
 */
export function serveBridge(frame, channel, methods) {
  window.addEventListener('message', async (event) => {
    if (event.source !== frame.contentWindow || event.data?.type !== channel) return;
    const { id, method, params = [] } = event.data;
    note(`→ ${method} ${JSON.stringify(params)}`);
    let answer;
    try {
      if (!methods[method]) throw new Error(`${method} is not simulated`);
      answer = { result: await methods[method](...params) };
    } catch (error) {
      answer = { error: { message: String(error.message) } };
    }
    note(`← ${method} ${JSON.stringify(answer).slice(0, 120)}`);
    frame.contentWindow?.postMessage({ type: `${channel}-answer`, id, ...answer }, location.origin);
  });
}

/** Raises the bridge event `name` with `response` in `frame`'s stand-in on `channel`. */
export function bridgeEvent(frame, channel, name, response) {
  note(`event ${name} ${JSON.stringify(response)}`);
  frame.contentWindow?.postMessage({ type: `${channel}-event`, name, response }, location.origin);
}
