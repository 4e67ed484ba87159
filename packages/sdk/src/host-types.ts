import type { EventMap, EventName } from './events.js';
import type { MethodName, MethodParams, MethodResult } from './methods.js';

/** One portal handler: gets the call's params, returns (or resolves with) its result, throws an SdkError to fail. */
export type Handler<K extends MethodName> = (params: MethodParams<K>) => MethodResult<K> | Promise<MethodResult<K>>;

type Head<K> = K extends `${infer H}.${string}` ? H : K;

/**
 * The portal's handler object: MethodMap's dotted paths as nested objects, every member
 * optional (a missing one answers `method_not_found`). `stat.event` is `handlers.stat.event`.
 */
export type HostHandlers = {
  [H in Head<MethodName>]?: H extends MethodName
    ? Handler<H>
    : { [K in MethodName as K extends `${H}.${infer Rest}` ? Rest : never]?: Handler<K> };
};

/** Where the host reports what it ignored or could not do. */
export interface HostLogger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

/** Options of `createGameHost`. */
export interface GameHostOptions {
  /** The game iframe's window (`iframe.contentWindow`); null when it is not mounted. */
  getGameWindow: () => Window | null;
  /** The game's exact origin, e.g. `https://games.example.com`. Never '*'. */
  gameOrigin: string;
  handlers: HostHandlers;
  /** Defaults to `console`. */
  logger?: HostLogger;
  /** The window that receives the handshake; defaults to the global `window`. Tests pass a fake. */
  hostWindow?: Window;
}

/** The portal's end of the channel. */
export interface GameHost {
  /** Starts listening for the game's handshake. Throws `no_game_window` if the game window is missing. */
  start(): void;
  /** Sends an event to the game; queued until the port is handed over. */
  emit<E extends EventName>(event: E, ...payload: EventMap[E] extends undefined ? [] : [EventMap[E]]): void;
  /** True once the port has been handed over. */
  readonly connected: boolean;
  /** Stops listening and closes the port. */
  dispose(): void;
}
