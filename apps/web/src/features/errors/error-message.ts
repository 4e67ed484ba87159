/** Message keys of the error page. */
export type ErrorMessageKey =
  | 'errors.alreadyConnected'
  | 'errors.connectedToAnotherAccount'
  | 'errors.gameNotConnected'
  | 'errors.gameNotFound'
  | 'errors.gameNotOnPlatform'
  | 'errors.notFound'
  | 'errors.validationFailed'
  | 'errors.rateLimited'
  | 'errors.internalError'
  | 'errors.serviceUnavailable'
  | 'errors.network'
  | 'error'
  | 'errorPage.fallback';

/** Invite error codes of the Error page's inviteErrorCode query (spec §8). */
const INVITE_ERRORS: Record<string, ErrorMessageKey> = {
  'errors.already_connected': 'errors.alreadyConnected',
  'errors.connected_to_another_account': 'errors.connectedToAnotherAccount',
  'errors.game_not_connected': 'errors.gameNotConnected',
};

/** Server L10N keys (errors.<ErrorCode>) the portal has its own words for. */
const SERVER_ERRORS: Record<string, ErrorMessageKey> = {
  'errors.game_not_found': 'errors.gameNotFound',
  'errors.game_not_on_platform': 'errors.gameNotOnPlatform',
  'errors.not_found': 'errors.notFound',
  'errors.validation_failed': 'errors.validationFailed',
  'errors.rate_limited': 'errors.rateLimited',
  'errors.internal_error': 'errors.internalError',
  'errors.service_unavailable': 'errors.serviceUnavailable',
};

/** The message of an invite error; any code the portal does not know gets the generic 'error'. */
export function inviteErrorKey(code: string): ErrorMessageKey {
  return Object.hasOwn(INVITE_ERRORS, code) ? (INVITE_ERRORS[code] ?? 'error') : 'error';
}

/** Parses a body as JSON, or undefined when it is not JSON. */
export function parseJson(body: string | undefined): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The body as shown in "show details": pretty-printed when it is JSON, else as received. */
export function formatBody(body: string): string {
  const json = parseJson(body);
  return json === undefined ? body : JSON.stringify(json, null, 2);
}

/** What to tell the player about a failed load: the server's L10N key when known, else by status. */
export function problemMessage(
  status: number | undefined,
  body: string | undefined,
): { key: ErrorMessageKey; params: Record<string, string> } {
  const json = parseJson(body) as { L10NKey?: unknown; L10NParam?: Record<string, string> } | undefined;
  const known = json && typeof json.L10NKey === 'string' && Object.hasOwn(SERVER_ERRORS, json.L10NKey);
  if (known && json)
    return { key: SERVER_ERRORS[json.L10NKey as string] ?? 'errorPage.fallback', params: json.L10NParam ?? {} };
  if (status === 0) return { key: 'errors.network', params: {} };
  return { key: 'errorPage.fallback', params: {} };
}
