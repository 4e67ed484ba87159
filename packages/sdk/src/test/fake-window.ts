/**
 * Fake browser windows for channel tests: EventTargets whose postMessage delivers a
 * MessageEvent with `source`, `origin` and transferred `ports`, honouring targetOrigin
 * the way browsers do (a mismatch drops the message silently).
 */
export interface FakeWindow extends EventTarget {
  readonly origin: string;
  parent: FakeWindow;
  document: { referrer: string };
  location: { ancestorOrigins?: string[] };
  /** Every postMessage this window received, as called. */
  readonly posted: Array<{ data: unknown; targetOrigin: string; ports: MessagePort[] }>;
  /** Who is assumed to call this window's postMessage (browsers know the caller; a fake cannot). */
  sender: FakeWindow | undefined;
  postMessage(data: unknown, targetOrigin: string, transfer?: MessagePort[]): void;
}

/** Dispatches a message event on `target` as if `source` at `origin` had posted it. */
export function deliver(
  target: EventTarget,
  data: unknown,
  source: unknown,
  origin: string,
  ports: MessagePort[] = [],
) {
  const event = new MessageEvent('message', { data: structuredClone(data), origin, ports });
  // Node's MessageEvent only accepts a MessagePort as source; a window is set afterwards.
  Object.defineProperty(event, 'source', { value: source });
  queueMicrotask(() => target.dispatchEvent(event));
}

/** A window at `origin`; it is its own parent (top level) until framed. */
export function createFakeWindow(origin: string): FakeWindow {
  const win = new EventTarget() as FakeWindow;
  Object.assign(win, { origin, document: { referrer: '' }, location: {}, posted: [], sender: undefined });
  win.parent = win;
  win.postMessage = (data, targetOrigin, transfer = []) => {
    win.posted.push({ data, targetOrigin, ports: transfer });
    if (targetOrigin !== '*' && targetOrigin !== origin) return;
    const sender = win.sender ?? win;
    deliver(win, data, sender, sender.origin, transfer);
  };
  return win;
}

/** A portal page at `portalOrigin` framing a game at `gameOrigin`, each able to post to the other. */
export function createFramedPair(portalOrigin = 'https://portal.test', gameOrigin = 'https://game.test') {
  const portal = createFakeWindow(portalOrigin);
  const game = createFakeWindow(gameOrigin);
  game.parent = portal;
  game.document.referrer = `${portalOrigin}/play/sky-runner`;
  portal.sender = game;
  game.sender = portal;
  return { portal, game, asWindow: (w: FakeWindow) => w as unknown as Window };
}

/** Lets real MessagePort traffic and queued window messages run. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A logger that records what it was told. */
export function createRecordingLogger() {
  const lines: Array<{ level: 'info' | 'warn' | 'error'; args: unknown[] }> = [];
  const at =
    (level: 'info' | 'warn' | 'error') =>
    (...args: unknown[]) =>
      void lines.push({ level, args });
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}
