import { createHash } from 'node:crypto';
import { parsePairsOnce, signaturesEqual, sortedKeys } from '../signing.js';

/**
 * VK payments notifications (platform-protocols.md §1a): `sig` is the lowercase hex
 * MD5 of every other parameter as `key=value` (decoded values), sorted by key,
 * concatenated with no separator, followed by the app's secure key. Unlike the
 * launch-parameter sign (HMAC, `&`, encoded values), so the two share no helper
 * beyond parsing and comparing.
 */
export function vkPaymentSig(params: Map<string, string>, secret: string): string {
  const base = sortedKeys(params)
    .filter((key) => key !== 'sig')
    .map((key) => `${key}=${params.get(key) ?? ''}`)
    .join('');
  return createHash('md5')
    .update(base + secret, 'utf8')
    .digest('hex');
}

export type VkNotificationParse =
  | { ok: true; params: Map<string, string> }
  | { ok: false; failure: 'duplicate_key' | 'missing_sig' | 'bad_sig' };

/** Parses a form body once (a repeated key refused) and checks `sig` against each current secret. */
export function verifyVkNotification(body: string, secrets: readonly string[]): VkNotificationParse {
  const parsed = parsePairsOnce(body);
  if (!parsed.ok) return { ok: false, failure: 'duplicate_key' };
  const sig = parsed.pairs.get('sig');
  if (!sig) return { ok: false, failure: 'missing_sig' };
  const matches = secrets.some((secret) => signaturesEqual(sig, vkPaymentSig(parsed.pairs, secret)));
  return matches ? { ok: true, params: parsed.pairs } : { ok: false, failure: 'bad_sig' };
}
