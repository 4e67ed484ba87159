import { SdkError } from './errors.js';
import { handshakeMessage, isPortMessage } from './protocol.js';

/** How the game finds its portal. */
export interface ConnectOptions {
  window: Window;
  /** The portal's origin if the game knows it; otherwise it is worked out (see {@link handshakeTargetOrigin}). */
  parentOrigin?: string;
  timeoutMs: number;
  /** The handshake is repeated this often until a port arrives, in case the portal started listening late. */
  retryMs: number;
  /** Checked before each handshake repeat; true gives up with `disposed` (the SDK was disposed meanwhile). */
  cancelled?: () => boolean;
}

/**
 * The targetOrigin for the handshake. The handshake is empty, so '*' leaks nothing; a known
 * origin is still preferred so that a page which framed the game unexpectedly never hears it.
 * In order: an explicit option, `location.ancestorOrigins[0]` (the real parent, Chromium and
 * WebKit), a same-origin parent's own origin, `document.referrer`'s origin (usually the parent's
 * page, but stripped by `Referrer-Policy: no-referrer`), and only then '*'.
 */
export function handshakeTargetOrigin(win: Window, explicit?: string): string {
  if (explicit) return explicit;
  const ancestor = win.location?.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null') return ancestor;
  try {
    // Reading a cross-origin parent's location throws: that is the expected, common case.
    const origin = win.parent.location.origin;
    if (origin && origin !== 'null') return origin;
  } catch {}
  try {
    const origin = new URL(win.document.referrer).origin;
    if (origin !== 'null') return origin;
  } catch {}
  return '*';
}

/**
 * Sends the handshake to `window.parent` and resolves with the private port the portal
 * transfers back. Only a port message whose source is the parent window (and, when the
 * parent's origin is known, from that origin) is accepted.
 */
export function connectToPortal(options: ConnectOptions): Promise<MessagePort> {
  const win = options.window;
  const parent = win.parent;
  if (!parent || parent === win) {
    return Promise.reject(new SdkError('init_failed', 'The game is not embedded in a portal page'));
  }
  const target = handshakeTargetOrigin(win, options.parentOrigin);
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== parent || !isPortMessage(event.data)) return;
      if (target !== '*' && event.origin !== target) return;
      const port = event.ports[0];
      if (!port) return;
      cleanup();
      resolve(port);
    };
    const send = () => {
      if (!options.cancelled?.()) return parent.postMessage(handshakeMessage(), target);
      cleanup();
      reject(new SdkError('disposed', 'The SDK was disposed'));
    };
    const retry = setInterval(send, options.retryMs);
    const timer = setTimeout(() => {
      cleanup();
      reject(new SdkError('timeout', `No portal answered the handshake within ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    function cleanup() {
      clearInterval(retry);
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
    }
    win.addEventListener('message', onMessage);
    send();
  });
}
