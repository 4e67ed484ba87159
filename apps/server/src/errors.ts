import {
  ERROR_STATUS,
  type ErrorCode,
  GameConnectionResult,
  type GameConnectionResultName,
  type ProblemDetails,
  STORAGE_LIMITS,
  type StorageItem,
} from '@fxid/contract';

/** Short, stable summary of each kind of problem; the `title` of problem details. */
export const ERROR_TITLES: Record<ErrorCode, string> = {
  validation_failed: 'The request is not valid',
  malformed_json: 'The request body is not valid JSON',
  invalid_token: 'The link or token is not valid',
  expired_token: 'The link or token has expired',
  captcha_failed: 'Robot check failed',
  redirect_not_allowed: 'Redirect target not allowed',
  unauthorized: 'Sign-in required',
  platform_sign_invalid: "The platform's sign-in data is not validly signed",
  platform_payload_expired: "The platform's sign-in data is too old",
  platform_app_mismatch: "The platform's sign-in data is for another app",
  platform_not_supported: 'Sign-in from this platform is not supported',
  platform_not_configured: 'This game is not set up on this platform',
  platform_product_unknown: 'The platform sold a product this game does not sell there',
  platform_price_mismatch: "The platform charged a price other than the catalog's",
  platform_purchase_taken: 'This platform purchase was delivered to another account',
  platform_order_mismatch: 'The platform purchase does not carry an order this server issued to this player',
  platform_webhook_unauthorized: "The platform's webhook secret is missing or wrong",
  forbidden: 'Not allowed',
  sign_in_confirmation_required: 'Confirm the sign-in on this device',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  request_timeout: 'The request took too long',
  game_not_found: 'Game not found',
  game_not_on_platform: 'Game not published on this platform',
  conflict: 'Conflict with the current state',
  push_subscription_taken: 'This push subscription belongs to another browser',
  already_connected: 'A game of this type is already connected to your account',
  connected_to_another_account: 'This game account is already connected to another account',
  identity_taken: 'This sign-in belongs to another account',
  last_sign_in_method: 'The only way to sign in to an account cannot be removed',
  identity_already_on_account: 'This sign-in is already on your account',
  guest_identity_not_linkable: 'A guest of a platform has no identity to link',
  game_not_connected: 'A game of this type is not connected to your account',
  product_already_owned: 'You already own this product',
  purchase_in_progress: 'A payment for this product is already in progress',
  purchase_already_consumed: 'This purchase was already consumed',
  payments_not_available: 'Payments are not available for this game here',
  storage_version_conflict: 'The saved value has changed since it was read',
  storage_quota_exceeded: 'Saved data would exceed the space for this game',
  storage_value_too_large: 'The value is too large to save',
  leaderboard_not_found: 'Leaderboard not found',
  leaderboard_score_out_of_range: 'The score is outside the range of this leaderboard',
  launcher_not_available: 'This game has no desktop launcher builds',
  launcher_branch_not_found: 'No such launcher branch for this game',
  launcher_branch_locked: 'Activate a key to unlock this branch',
  launcher_artifact_not_found: 'No such artifact in this branch',
  launcher_artifact_missing: 'The build file is not available right now',
  launcher_key_unknown: 'This key is not valid',
  launcher_key_used: 'This key has already been activated',
  launcher_key_other_game: 'This key is for another game',
  download_session_unknown: 'No such download',
  download_session_expired: 'This download link has expired; request a new one',
  download_session_used: 'This download link was already used; request a new one',
  range_not_satisfiable: 'The requested byte range is outside the file',
  native_receipt_invalid: 'The store does not confirm this purchase',
  native_receipt_foreign: "This purchase was made in another app than this game's",
  native_receipt_refunded: 'This purchase was refunded or cancelled',
  native_receipt_pending: 'This purchase is not paid yet',
  native_receipt_replayed: 'This purchase was already delivered',
  native_receipt_unbound: 'This purchase is not bound to this account',
  payload_too_large: 'Request body too large',
  uri_too_long: 'Request address too long',
  unsupported_media_type: 'Unsupported content type',
  rate_limited: 'Too many requests',
  headers_too_large: 'Request headers too large',
  internal_error: 'Internal server error',
  service_unavailable: 'Service unavailable',
};

/** One failed field of a request. */
export interface FieldIssue {
  Field: string;
  Message: string;
}

/**
 * An error with a stable code that the error handler turns into problem details.
 * `params` fill the placeholders of the client's localized message.
 */
export class AppError extends Error {
  readonly status: number;
  /** Problem members beside the standard ones, for the kinds of problem that carry some. */
  extensions?: Partial<Pick<ProblemDetails, 'Current'>>;

  constructor(
    readonly code: ErrorCode,
    detail: string,
    readonly params: Record<string, string> = {},
    readonly fieldIssues?: FieldIssue[],
  ) {
    super(detail);
    this.name = new.target.name;
    this.status = ERROR_STATUS[code];
  }
}

export class ValidationError extends AppError {
  constructor(fieldIssues: FieldIssue[]) {
    const detail = fieldIssues.map((issue) => `${issue.Field}: ${issue.Message}`).join('; ');
    super('validation_failed', detail, { Field: fieldIssues[0]?.Field ?? '' }, fieldIssues);
  }
}

export class NotFoundError extends AppError {
  constructor(what: string) {
    super('not_found', `${what} was not found`, { What: what });
  }
}

export class GameNotFoundError extends AppError {
  constructor(game: string) {
    super('game_not_found', `No game is called "${game}"`, { Game: game });
  }
}

export class GameNotOnPlatformError extends AppError {
  constructor(game: string, platform: string) {
    super('game_not_on_platform', `Game "${game}" is not published on ${platform}`, {
      Game: game,
      Platform: platform,
    });
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(what: string) {
    super('service_unavailable', `${what} is not available`, { What: what });
  }
}

/** No way to pay for the game on that platform here (no provider, or none its catalog flags enable). */
export class PaymentsNotAvailableError extends AppError {
  constructor(game: string, platform: string, why: string) {
    super('payments_not_available', `Game "${game}" takes no payments on ${platform} here: ${why}`, {
      Game: game,
      Platform: platform,
    });
  }
}

export class UnauthorizedError extends AppError {
  constructor() {
    super('unauthorized', 'A valid bearer token is required');
  }
}

/** A single-use token that never existed or was already used. */
export class InvalidTokenError extends AppError {
  constructor(what: string) {
    super('invalid_token', `The ${what} is not valid or was already used`, { What: what });
  }
}

export class ExpiredTokenError extends AppError {
  constructor(what: string) {
    super('expired_token', `The ${what} has expired; ask for a new one`, { What: what });
  }
}

export class CaptchaFailedError extends AppError {
  constructor() {
    super('captcha_failed', 'The robot check failed; try again');
  }
}

export class RedirectNotAllowedError extends AppError {
  constructor(target: string) {
    super('redirect_not_allowed', 'Redirects may only lead to this site or an allowed origin', { Target: target });
  }
}

export class RateLimitedError extends AppError {
  constructor(what: string) {
    super('rate_limited', `Too many ${what}; wait a few minutes and try again`, { What: what });
  }
}

/**
 * A host platform's sign-in payload that did not verify (security.md §1a, §12 rows 1–4):
 * forged, tampered, repeated keys, stale, or made for another app. Nothing is created.
 */
export class PlatformAuthError extends AppError {
  constructor(
    code: 'platform_sign_invalid' | 'platform_payload_expired' | 'platform_app_mismatch',
    platform: string,
    readonly reason: string,
  ) {
    super(code, `${ERROR_TITLES[code]} (${platform}: ${reason})`, { Platform: platform, Reason: reason });
  }
}

/** Spec store §5: 'Login provider {x} is not supported.' */
export class PlatformNotSupportedError extends AppError {
  constructor(platform: string) {
    super('platform_not_supported', `Login provider ${platform} is not supported.`, { Platform: platform });
  }
}

/** The game is on the platform but the server has no app id or secret for it there. */
export class PlatformNotConfiguredError extends AppError {
  constructor(game: string, platform: string) {
    super('platform_not_configured', `Game "${game}" has no ${platform} app configured on this server`, {
      Game: game,
      Platform: platform,
    });
  }
}

/** A platform webhook (Telegram's bot updates) without its shared secret: nothing is read or changed. */
export class PlatformWebhookAuthError extends AppError {
  constructor(platform: string) {
    super('platform_webhook_unauthorized', `${ERROR_TITLES.platform_webhook_unauthorized} (${platform})`, {
      Platform: platform,
    });
  }
}

export class ForbiddenError extends AppError {
  constructor(detail: string) {
    super('forbidden', detail);
  }
}

/** The failures of connecting a game account (spec §3), as error codes the portal maps (spec §8). */
const CONNECTION_FAILURES = {
  GameTypeAlreadyConnected: 'already_connected',
  GameAccountConnectedToAnotherAccount: 'connected_to_another_account',
  Timeout: 'expired_token',
  GameTypeNotConnected: 'game_not_connected',
  Unknown: 'conflict',
} as const satisfies Partial<Record<GameConnectionResultName, ErrorCode>>;
export type GameConnectionFailure = keyof typeof CONNECTION_FAILURES;

/** A game account could not be connected; L10NParam.GameConnectionResult carries the numeric result (1000–1999). */
export class GameConnectionError extends AppError {
  constructor(
    readonly result: GameConnectionFailure,
    game: string,
  ) {
    const code = CONNECTION_FAILURES[result];
    super(code, `${ERROR_TITLES[code]} (game connection result ${GameConnectionResult[result]})`, {
      Game: game,
      GameConnectionResult: String(GameConnectionResult[result]),
    });
  }
}

/** An order asked to move to a status its current one does not lead to (spec store §4). */
export class OrderStatusConflictError extends AppError {
  constructor(
    readonly from: string,
    readonly to: string,
  ) {
    super('conflict', `An order in status ${from} cannot become ${to}`, { From: from, To: to });
  }
}

/** A product a player may own once (NonConsumable) that they already own; L10NParam.Sku names it. */
export class ProductAlreadyOwnedError extends AppError {
  constructor(sku: string) {
    super('product_already_owned', `You already own ${sku}; it can be bought only once`, { Sku: sku });
  }
}

/** Another checkout of the same one-time product is still open for this player. */
export class PurchaseInProgressError extends AppError {
  constructor(sku: string) {
    super('purchase_in_progress', `A payment for ${sku} is already in progress; finish it or try again later`, {
      Sku: sku,
    });
  }
}

/** A purchase the game has consumed before: it is granted once, never again. */
export class PurchaseAlreadyConsumedError extends AppError {
  constructor(transactionId: string) {
    super('purchase_already_consumed', `Purchase ${transactionId} was already consumed`, {
      TransactionId: transactionId,
    });
  }
}

/** Personal info of an order may change only while it awaits payment. */
export class OrderNotAwaitingPaymentError extends AppError {
  constructor(status: string) {
    super('conflict', `The order is ${status}; its personal info can change only while it awaits payment`, {
      Status: status,
    });
  }
}

/** A webhook whose signature is missing, wrong or out of its time window; nothing is changed. */
export class WebhookSignatureError extends AppError {
  constructor(reason: string) {
    super('invalid_token', `The webhook signature is not valid: ${reason}`, { What: 'webhook signature' });
  }
}

/** Only the latest version of a document can be accepted; L10NParam.LatestVersionId names it. */
export class DocumentVersionNotLatestError extends AppError {
  constructor(documentId: number, versionId: number, latestVersionId: number) {
    super(
      'conflict',
      `Version ${versionId} of document ${documentId} has been replaced by version ${latestVersionId}; accept that one`,
      {
        DocumentId: String(documentId),
        DocumentVersionId: String(versionId),
        LatestVersionId: String(latestVersionId),
      },
    );
  }
}

/** An invite link opened by the player who shared it. */
export class OwnInviteError extends AppError {
  constructor() {
    super('conflict', 'This is your own invite link; share it with a friend instead');
  }
}

export class MethodNotAllowedError extends AppError {
  constructor(allowed: string) {
    super('method_not_allowed', `Only ${allowed} is accepted here`, { Allowed: allowed });
  }
}

/** A Sentry envelope whose DSN is not one this server forwards to (security.md §11). */
export class TunnelDsnNotAllowedError extends AppError {
  constructor() {
    super('forbidden', 'The envelope names a DSN this tunnel does not forward to');
  }
}

/**
 * A sign-in link opened in a browser other than the one that asked for it: it signs in
 * only after the player confirms (login CSRF, link scanners; security.md §12 row 32).
 */
export class SignInConfirmationRequiredError extends AppError {
  constructor() {
    super('sign_in_confirmation_required', 'This link was asked for in another browser; confirm to sign in here');
  }
}

/**
 * A push endpoint already saved by someone else, offered without its keys: only the
 * browser that holds the subscription can move it (security.md §12 row 22).
 */
export class PushSubscriptionTakenError extends AppError {
  constructor() {
    super('push_subscription_taken', 'This push endpoint is saved with other keys; subscribe again in this browser');
  }
}

/**
 * A cloud-save write whose ExpectedVersion no longer matches: nothing was written, and the
 * problem carries each such key's current value and version so the game can merge and retry.
 */
export class StorageVersionConflictError extends AppError {
  constructor(current: StorageItem[]) {
    super('storage_version_conflict', `Changed since read: ${current.map((item) => item.Key).join(', ')}`, {
      Keys: current.map((item) => item.Key).join(','),
    });
    this.extensions = { Current: current };
  }
}

/** One value over the per-key limit (STORAGE_LIMITS.valueBytes). */
export class StorageValueTooLargeError extends AppError {
  constructor(key: string, bytes: number) {
    super('storage_value_too_large', `The value of ${key} takes ${bytes} bytes; at most ${STORAGE_LIMITS.valueBytes}`, {
      Key: key,
      Bytes: String(bytes),
      MaxBytes: String(STORAGE_LIMITS.valueBytes),
    });
  }
}

/** A write that would take the player's values in one game over STORAGE_LIMITS.totalBytes. */
export class StorageQuotaExceededError extends AppError {
  constructor(bytes: number) {
    super(
      'storage_quota_exceeded',
      `Saved data would take ${bytes} bytes in this game; at most ${STORAGE_LIMITS.totalBytes}`,
      { Bytes: String(bytes), MaxBytes: String(STORAGE_LIMITS.totalBytes) },
    );
  }
}

export class LeaderboardNotFoundError extends AppError {
  constructor(game: string, name: string) {
    super('leaderboard_not_found', `Game "${game}" has no leaderboard "${name}"`, { Game: game, Leaderboard: name });
  }
}

/** A score outside the catalog's MinScore–MaxScore of the board: refused, so forged scores stay out. */
export class ScoreOutOfRangeError extends AppError {
  constructor(name: string, min: number, max: number) {
    super('leaderboard_score_out_of_range', `Scores on ${name} are from ${min} to ${max}`, {
      Leaderboard: name,
      Min: String(min),
      Max: String(max),
    });
  }
}

/** The launcher's refusals (keys, branches, artifacts, download sessions), each with its own stable code. */
export class LauncherError extends AppError {
  constructor(
    code: Extract<ErrorCode, `launcher_${string}` | `download_session_${string}` | 'range_not_satisfiable'>,
    detail: string,
    params: Record<string, string> = {},
  ) {
    super(code, detail, params);
  }
}

/**
 * A native store purchase refused by POST /native/inapp/validate, each reason with its own code:
 * forged or unknown, another app's, refunded, pending, already delivered, or not bound to the caller.
 */
export class NativeReceiptError extends AppError {
  constructor(code: Extract<ErrorCode, `native_receipt_${string}`>, store: string, reason: string) {
    super(code, `${ERROR_TITLES[code]} (${store}: ${reason})`, { Store: store, Reason: reason });
  }
}

/** Linking a sign-in (Google, Apple, …) that another account already holds: it stays where it is. */
export class IdentityTakenError extends AppError {
  constructor(type: string) {
    super('identity_taken', `This ${type} sign-in belongs to another account and was not added`, { Type: type });
  }
}

/** A link to add an address to an account that has one already (changing an address is not built). */
export class AccountHasEmailError extends AppError {
  constructor() {
    super('conflict', 'This account already has an email address');
  }
}

/** Removing the account's only way to sign in: nobody could reach the account afterwards. */
export class LastSignInMethodError extends AppError {
  constructor() {
    super('last_sign_in_method', 'This is the only way to sign in to the account; add another before removing it');
  }
}

export class IdentityAlreadyOnAccountError extends AppError {
  constructor(type: string) {
    super('identity_already_on_account', `This ${type} sign-in is already on your account`, { Type: type });
  }
}

/** A platform's guest (FxIdGuest, YandexGamesGuest, …) is not a person the platform knows again elsewhere. */
export class GuestIdentityNotLinkableError extends AppError {
  constructor(type: string) {
    super(
      'guest_identity_not_linkable',
      `A ${type} sign-in is a guest's and cannot be linked; sign in on the platform first`,
      {
        Type: type,
      },
    );
  }
}
