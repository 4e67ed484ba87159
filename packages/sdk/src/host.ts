/**
 * @fxid/sdk/host: the portal side of the game channel. Zero dependencies, no framework.
 * Listens for the game's handshake, hands over one private MessagePort, answers requests
 * by dotted path from a handler object, and pushes portal events to the game.
 */
import { SdkError, toWireError } from './errors.js';
import type { GameHost, GameHostOptions } from './host-types.js';
import { type EventMessage, isHandshake, isRequest, portMessage, type ResponseMessage } from './protocol.js';
import { resolvePath } from './resolve-path.js';
import { PROTOCOL_VERSION } from './version.js';

export type { SdkErrorCode, WireError } from './errors.js';
export { messages, SdkError } from './errors.js';
export type { GameHost, GameHostOptions, Handler, HostHandlers, HostLogger } from './host-types.js';
export type * from './protocol.js';
export { resolvePath } from './resolve-path.js';

/** Events sent before the game connects are kept up to this many, oldest dropped first. */
const MAX_QUEUED_EVENTS = 100;

/** An exact origin; '*' and opaque origins are refused because the port must never go to "anyone". */
function exactOrigin(origin: string): string {
  let parsed: string | undefined;
  try {
    parsed = new URL(origin).origin;
  } catch {}
  if (!parsed || parsed === 'null')
    throw new SdkError('unsupported', `gameOrigin must be an exact origin, got ${origin}`);
  return parsed;
}

/** Creates the portal end of the channel; call `start()` once the game iframe is in the page. */
export function createGameHost(options: GameHostOptions): GameHost {
  const gameOrigin = exactOrigin(options.gameOrigin);
  const log = options.logger ?? console;
  const queue: EventMessage[] = [];
  let port: MessagePort | undefined;
  let listening: Window | undefined;
  let disposed = false;

  const gameWindow = (): Window => {
    const win = options.getGameWindow();
    if (!win) throw new SdkError('no_game_window', 'The game window is missing: is the game iframe mounted?');
    return win;
  };

  const answer = (message: ResponseMessage) => {
    try {
      port?.postMessage(message);
    } catch (error) {
      // A result the structured clone cannot copy (a function, a DOM node) still gets an answer.
      log.error('fxid host: could not send a result', error);
      port?.postMessage({ id: message.id, error: { code: 'handler_failed', message: (error as Error).message } });
    }
  };

  const onRequest = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!isRequest(data)) {
      const id = (data as { id?: unknown } | null)?.id;
      if (typeof id === 'number') answer({ id, error: { code: 'invalid_request', message: 'Malformed request' } });
      else log.warn('fxid host: ignored a malformed message from the game', data);
      return;
    }
    const found = resolvePath(options.handlers, data.method);
    if ('error' in found) return answer({ id: data.id, error: found.error });
    new Promise((resolve) => resolve(found.fn.call(found.self, data.params))).then(
      (result) => answer({ id: data.id, result }),
      (error: unknown) => {
        if (typeof (error as { code?: unknown } | null)?.code !== 'string')
          log.error(`fxid host: ${data.method} failed`, error);
        answer({ id: data.id, error: toWireError(error) });
      },
    );
  };

  const handOver = (win: Window) => {
    const channel = new MessageChannel();
    win.postMessage(portMessage(), gameOrigin, [channel.port2]);
    port = channel.port1;
    port.onmessage = onRequest;
    for (const message of queue.splice(0)) port.postMessage(message);
  };

  const onMessage = (event: MessageEvent) => {
    // Cheap check first: pages receive plenty of unrelated messages.
    if (!isHandshake(event.data)) return;
    let win: Window;
    try {
      win = gameWindow();
    } catch (error) {
      return log.error(error);
    }
    if (event.source !== win || event.origin !== gameOrigin) {
      return log.warn(`fxid host: ignored a handshake from ${event.origin}, not from the game window`);
    }
    if (event.data.version !== PROTOCOL_VERSION) {
      return log.warn(`fxid host: ignored a handshake of protocol version ${event.data.version}`);
    }
    if (port) return log.warn('fxid host: repeated handshake ignored; the port was handed over already');
    handOver(win);
  };

  return {
    start() {
      if (disposed) throw new SdkError('disposed', 'The host was disposed');
      gameWindow();
      if (listening) return;
      listening = options.hostWindow ?? globalThis.window;
      listening.addEventListener('message', onMessage);
    },
    emit(event, ...payload) {
      if (disposed) return;
      const message: EventMessage = { event, payload: payload[0] };
      if (port) return port.postMessage(message);
      queue.push(message);
      if (queue.length > MAX_QUEUED_EVENTS) log.warn('fxid host: dropped a queued event', queue.shift());
    },
    get connected() {
      return port !== undefined;
    },
    dispose() {
      disposed = true;
      listening?.removeEventListener('message', onMessage);
      listening = undefined;
      if (port) {
        port.onmessage = null;
        port.close();
      }
      queue.length = 0;
    },
  };
}
