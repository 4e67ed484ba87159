/**
 * Stable error codes. Games branch on `code`, never on `message`; a portal handler may
 * also reject with its own code (e.g. `guest`), which reaches the game unchanged.
 */
export type SdkErrorCode =
  /** A call was made before `init()` finished successfully. */
  | 'not_initialized'
  /** `init()` failed: not embedded in a portal, or the portal refused to describe the game. */
  | 'init_failed'
  /** No answer within the time limit (handshake or request). */
  | 'timeout'
  /** The portal has no handler at that method path. */
  | 'method_not_found'
  /** The method path exists in the portal but is not a function. */
  | 'not_a_function'
  /** A portal handler threw or rejected without a code of its own. */
  | 'handler_failed'
  /** The feature exists but is off on this platform or for this player (e.g. no ads). */
  | 'not_available'
  /** The platform does not support this call at all. */
  | 'unsupported'
  /** The player closed or cancelled the dialog (payment, share, invite, login…). */
  | 'cancelled'
  /** Portal side: the game's window is missing when the host needs it. */
  | 'no_game_window'
  /** A malformed request or bad parameters. */
  | 'invalid_request'
  /** The SDK or host was disposed while the call was pending. */
  | 'disposed';

/** An error with a stable `code`; what every SDK promise rejects with. */
export class SdkError extends Error {
  /** Stable machine-readable code: one of {@link SdkErrorCode} or a portal handler's own code. */
  readonly code: SdkErrorCode | (string & {});
  /** What some errors carry for the game to act on, e.g. the current values of a `storage_version_conflict`. */
  readonly data?: unknown;

  constructor(code: SdkErrorCode | (string & {}), message: string, data?: unknown) {
    super(message);
    this.name = 'SdkError';
    this.code = code;
    if (data !== undefined) this.data = data;
  }
}

/** The `{code, message, data?}` that crosses the wire in a response's `error` field. */
export interface WireError {
  code: string;
  message: string;
  data?: unknown;
}

/** Turns anything a handler threw into a wire error; a string `code` (and any `data`) on it is kept (duck-typed SdkError). */
export function toWireError(error: unknown): WireError {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: unknown };
  const message = error instanceof Error ? error.message : String(error);
  const wire: WireError = { code: typeof code === 'string' && code ? code : 'handler_failed', message };
  if (data !== undefined) wire.data = data;
  return wire;
}

/** Exact message texts from the spec, shared by both sides so tests can pin them. */
export const messages = {
  notInitialized: 'Not initialized',
  methodNotFound: (path: string) => `Method ${path} not found.`,
  notAFunction: (path: string) => `The provided path ${path} does not refer to a function.`,
};
