import { createHash } from 'node:crypto';
import { parsePairsOnce, signaturesEqual, sortedKeys } from '../signing.js';

/**
 * VK Play's (games.mail.ru's) signature (platform-protocols.md §1c, vector V5): lowercase
 * hex MD5 over the `key=value` pairs sorted by key, without separators, decoded values,
 * followed once by the application secret. fxid checks it on the launch parameters and on
 * the payment notification; that VK Play signs those two with this scheme is UNCONFIRMED
 * (§14 item 1): its documented use is the server API (`/gas`, `user/profile`).
 */

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

export function vkPlaySign(params: Map<string, string>, secret: string): string {
  const base = sortedKeys(params)
    .filter((key) => key !== 'sign')
    .map((key) => `${key}=${params.get(key) ?? ''}`)
    .join('');
  return md5(base + secret);
}

/** Why signed parameters were refused; each maps to a stable error code or answer. */
export type VkPlayFailure = 'malformed' | 'duplicate_key' | 'missing_sig' | 'bad_sig' | 'other_app';

export type VkPlayVerdict = { ok: true; params: Map<string, string> } | { ok: false; failure: VkPlayFailure };

/** Launch URLs and notifications are short; anything longer is not one. */
const MAX_LENGTH = 8192;

/**
 * A query string parsed once (a repeated key refused), its `sign` checked against each
 * current secret, and its `appid` against the game's application.
 */
export function verifyVkPlayParams(
  queryString: string,
  app: { appId: string; secrets: readonly string[] },
): VkPlayVerdict {
  if (queryString.length > MAX_LENGTH) return { ok: false, failure: 'malformed' };
  const query = queryString.replace(/^\?/, '').split('#', 1)[0] ?? '';
  const parsed = parsePairsOnce(query);
  if (!parsed.ok) return { ok: false, failure: 'duplicate_key' };
  const { pairs } = parsed;
  const sign = pairs.get('sign')?.toLowerCase();
  if (!sign) return { ok: false, failure: 'missing_sig' };
  if (!app.secrets.some((secret) => signaturesEqual(sign, vkPlaySign(pairs, secret)))) {
    return { ok: false, failure: 'bad_sig' };
  }
  if (pairs.get('appid') !== app.appId) return { ok: false, failure: 'other_app' };
  return { ok: true, params: pairs };
}

/** A VK Play user id: digits, no leading zero. */
export const VKPLAY_UID = /^[1-9]\d{0,19}$/;
