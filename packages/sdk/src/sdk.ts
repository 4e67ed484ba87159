import { createApi, type FxidApi } from './api.js';
import type { Call, CallOptions } from './call-types.js';
import { connectToPortal } from './connect.js';
import { messages, SdkError } from './errors.js';
import type { EventMap, EventName } from './events.js';
import { INTERACTIVE_METHODS, type MethodName } from './methods.js';
import type { GameInfo, StatEvent } from './models.js';
import { createRpcClient, type RpcClient } from './rpc-client.js';
import { createStatQueue } from './stats.js';
import { SDK_VERSION } from './version.js';

/** idle → loading → initialised | failed (spec §4, "SDK init"). */
export type InitState = 'idle' | 'loading' | 'initialised' | 'failed';

/** Options of {@link createFxidSdk}; every one has a sensible default. */
export interface FxidSdkOptions {
  /** The game's window; defaults to the global `window`. Tests pass a fake. */
  window?: Window;
  /** The portal's origin, if known; otherwise it is worked out from the frame (see README, "Protocol"). */
  parentOrigin?: string;
  /** Time for the portal to answer the handshake. Default 10 000 ms. */
  initTimeoutMs?: number;
  /** Time limit of non-interactive calls (dialogs, ads and payments wait forever). Default 15 000 ms. */
  requestTimeoutMs?: number;
  /** Handshake repeat interval until the port arrives. Default 500 ms. */
  handshakeRetryMs?: number;
  /** How often waiting stat events check for `stat.initialize`. Default 1000 ms (spec §4). */
  statPollMs?: number;
}

/** A portal event listener. */
export type Listener<E extends EventName> = (payload: EventMap[E]) => void;

/** The SDK object a game uses. */
export interface FxidSdk extends FxidApi {
  /** The SDK's own version. */
  readonly version: typeof SDK_VERSION;
  readonly state: InitState;
  /** Game info from init, refreshed by `userInfoChanged`; undefined before init. */
  readonly info: GameInfo | undefined;
  /** Connects to the portal and loads game info. Repeated calls return the first call's promise. */
  init(): Promise<GameInfo>;
  /** Calls any method by its dotted path. */
  call: Call;
  /** Subscribes to a portal event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: Listener<E>): () => void;
  off<E extends EventName>(event: E, listener: Listener<E>): void;
  /** Closes the port and rejects pending calls (and a pending or later `init()`) with `disposed`. */
  dispose(): void;
}

/** Creates an SDK instance. Nothing touches the window until `init()`. */
export function createFxidSdk(options: FxidSdkOptions = {}): FxidSdk {
  const requestTimeoutMs = options.requestTimeoutMs ?? 15_000;
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let state: InitState = 'idle';
  let info: GameInfo | undefined;
  let client: RpcClient | undefined;
  let initPromise: Promise<GameInfo> | undefined;
  let disposed = false;

  const disposedError = () => new SdkError('disposed', 'The SDK was disposed');
  const send = (method: MethodName, params: unknown, callOptions?: CallOptions): Promise<unknown> => {
    if (disposed) return Promise.reject(disposedError());
    if (state !== 'initialised' || !client)
      return Promise.reject(new SdkError('not_initialized', messages.notInitialized));
    const timeout = callOptions?.timeoutMs ?? (INTERACTIVE_METHODS.includes(method) ? 0 : requestTimeoutMs);
    const result = client.request(method, params, timeout);
    if (method === 'stat.initialize') result.then(stats.ready, () => {});
    return result;
  };
  const stats = createStatQueue((event) => send('stat.event', event) as Promise<void>, options.statPollMs ?? 1000);

  const call = ((method: MethodName, params?: unknown, callOptions?: CallOptions) =>
    // Stat events wait for stat.initialize rather than fail (spec §4).
    // After dispose the queue is gone, so a stat event fails at once instead of polling forever.
    method === 'stat.event' && !disposed ? stats.push(params as StatEvent) : send(method, params, callOptions)) as Call;

  const dispatch = (event: string, payload: unknown) => {
    if (event === 'userInfoChanged') info = payload as GameInfo;
    for (const listener of listeners.get(event) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        // One broken listener must not starve the others; surface it as an uncaught error.
        setTimeout(() => {
          throw error;
        });
      }
    }
  };

  const connect = async (): Promise<GameInfo> => {
    const win = options.window ?? globalThis.window;
    if (!win) throw new SdkError('init_failed', 'No window: the SDK runs in a browser');
    const port = await connectToPortal({
      window: win,
      parentOrigin: options.parentOrigin,
      timeoutMs: options.initTimeoutMs ?? 10_000,
      retryMs: options.handshakeRetryMs ?? 500,
      cancelled: () => disposed,
    });
    // Disposed while the port was on its way: close it rather than keep a channel nobody owns.
    if (disposed) {
      port.close();
      throw disposedError();
    }
    client = createRpcClient(port, dispatch);
    try {
      return (await client.request('getInfo', undefined, requestTimeoutMs)) as GameInfo;
    } catch (error) {
      if (disposed) throw disposedError();
      throw new SdkError('init_failed', `getInfo failed: ${(error as Error).message}`);
    }
  };

  const sdk: FxidSdk = {
    ...createApi(call),
    version: SDK_VERSION,
    get state() {
      return state;
    },
    get info() {
      return info;
    },
    init() {
      // Loading: the same promise; done (either way): the settled promise, so nothing runs twice.
      if (!initPromise && disposed) return Promise.reject(disposedError());
      if (!initPromise) {
        state = 'loading';
        initPromise = connect().then(
          (gameInfo) => {
            info = gameInfo;
            state = 'initialised';
            return gameInfo;
          },
          (error: unknown) => {
            state = 'failed';
            client?.close();
            client = undefined;
            throw error;
          },
        );
      }
      return initPromise;
    },
    call,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set.add(listener as (payload: unknown) => void));
      return () => sdk.off(event, listener);
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener as (payload: unknown) => void);
    },
    dispose() {
      disposed = true;
      stats.dispose();
      client?.close();
      client = undefined;
      listeners.clear();
    },
  };
  return sdk;
}
