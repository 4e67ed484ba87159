import { createHash } from 'node:crypto';
import { parsePairsOnce, signaturesEqual, sortedKeys } from '../signing.js';

/**
 * Odnoklassniki's signatures (security.md §2), both lowercase hex MD5 with the
 * application secret key:
 * - launch `auth_sig` = md5(logged_user_id + session_key + secret), plain concatenation;
 * - REST / callback `sig` = md5(sorted `key=value` pairs except sig, no separators, decoded values + secret).
 */

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export function okAuthSig(loggedUserId: string, sessionKey: string, secret: string): string {
  return md5(loggedUserId + sessionKey + secret);
}

export function okParamsSig(params: Map<string, string>, secret: string): string {
  const base = sortedKeys(params)
    .filter((key) => key !== 'sig')
    .map((key) => `${key}=${params.get(key) ?? ''}`)
    .join('');
  return md5(base + secret);
}

/** Why launch parameters were refused; each maps to a stable error code. */
export type OkLaunchFailure = 'malformed' | 'duplicate_key' | 'missing_sig' | 'bad_sig' | 'other_app';

export type OkLaunchVerdict = { ok: true; userId: string } | { ok: false; failure: OkLaunchFailure };

/** Launch URLs are short; anything longer is not one. */
export const OK_LAUNCH_MAX_LENGTH = 8192;

const LAUNCH_KEYS = new Set(['logged_user_id', 'session_key', 'auth_sig', 'application_key']);

/**
 * Verifies OK's launch parameters (the iframe's query string): `auth_sig` over
 * logged_user_id and session_key with each current secret, and, when OK names the
 * application, that it is this game's. A key we read given twice is refused. OK's
 * launch `sig` over all parameters is not checked: how OK computes it for launches is
 * unconfirmed (security.md §13), and auth_sig alone binds the player to our secret.
 */
export function verifyOkLaunch(
  queryString: string,
  app: { publicKey: string; secrets: readonly string[] },
): OkLaunchVerdict {
  if (queryString.length > OK_LAUNCH_MAX_LENGTH) return { ok: false, failure: 'malformed' };
  const query = queryString.replace(/^\?/, '').split('#', 1)[0] ?? '';
  const parsed = parsePairsOnce(query, (key) => LAUNCH_KEYS.has(key));
  if (!parsed.ok) return { ok: false, failure: 'duplicate_key' };
  const { pairs } = parsed;
  const authSig = pairs.get('auth_sig')?.toLowerCase();
  if (!authSig) return { ok: false, failure: 'missing_sig' };
  const userId = pairs.get('logged_user_id') ?? '';
  const sessionKey = pairs.get('session_key') ?? '';
  if (!/^[1-9]\d{0,19}$/.test(userId) || sessionKey === '' || sessionKey.length > 256) {
    return { ok: false, failure: 'malformed' };
  }
  const matches = app.secrets.some((secret) => signaturesEqual(authSig, okAuthSig(userId, sessionKey, secret)));
  if (!matches) return { ok: false, failure: 'bad_sig' };
  const applicationKey = pairs.get('application_key');
  if (applicationKey !== undefined && applicationKey !== app.publicKey) return { ok: false, failure: 'other_app' };
  return { ok: true, userId };
}

export type OkCallbackParse =
  | { ok: true; params: Map<string, string> }
  | { ok: false; failure: 'duplicate_key' | 'missing_sig' | 'bad_sig' };

/** A callback's query string parsed once (a repeated key refused), its `sig` checked against each current secret. */
export function verifyOkCallback(queryString: string, secrets: readonly string[]): OkCallbackParse {
  const parsed = parsePairsOnce(queryString.replace(/^\?/, ''));
  if (!parsed.ok) return { ok: false, failure: 'duplicate_key' };
  const sig = parsed.pairs.get('sig')?.toLowerCase();
  if (!sig) return { ok: false, failure: 'missing_sig' };
  const matches = secrets.some((secret) => signaturesEqual(sig, okParamsSig(parsed.pairs, secret)));
  return matches ? { ok: true, params: parsed.pairs } : { ok: false, failure: 'bad_sig' };
}
