import { createHmac } from 'node:crypto';
import { parsePairsOnce, signaturesEqual, sortedKeys } from '../signing.js';

/**
 * VK Mini Apps launch parameters (security.md §1a): `sign` is HMAC-SHA256 with the
 * app's secure key over the sorted `vk_*` pairs, `k=encodeURIComponent(v)` joined
 * by `&`, as base64url without padding. Nothing else in the query is signed, so
 * nothing else is read.
 */

/** Why launch parameters were refused; each maps to a stable error code. */
export type VkLaunchFailure =
  | 'malformed'
  | 'duplicate_key'
  | 'missing_sign'
  | 'bad_sign'
  | 'missing_ts'
  | 'stale'
  | 'from_future'
  | 'other_app';

export type VkLaunchVerdict =
  | { ok: true; userId: string; appId: string; language: string | undefined; ts: number }
  | { ok: false; failure: VkLaunchFailure };

/** Launch URLs are short; anything longer is not one. */
export const VK_LAUNCH_MAX_LENGTH = 4096;
/** A launch timestamp may run this far ahead of our clock (skew). */
export const VK_LAUNCH_FUTURE_SKEW_SECONDS = 300;

const isVkKey = (key: string) => key.startsWith('vk_') || key === 'sign';

/** The string VK signs: the `vk_*` pairs in byte order of their keys. */
export function vkLaunchSignedString(vkPairs: Map<string, string>): string {
  return sortedKeys(vkPairs)
    .map((key) => `${key}=${encodeURIComponent(vkPairs.get(key) ?? '')}`)
    .join('&');
}

/** The `sign` of some `vk_*` pairs: what VK computes, and what a simulator of VK must compute. */
export function vkLaunchSign(vkPairs: Map<string, string>, secret: string): string {
  return createHmac('sha256', secret).update(vkLaunchSignedString(vkPairs)).digest('base64url');
}

/**
 * Checks only the signature: parses the query once (a leading `?` and any `#…` are
 * dropped), refuses a repeated `vk_*` key or `sign`, and compares in constant time
 * against each current secret (several during rotation).
 */
export function checkVkSign(
  queryString: string,
  secrets: readonly string[],
): { ok: true; params: Map<string, string> } | { ok: false; failure: VkLaunchFailure } {
  if (queryString.length > VK_LAUNCH_MAX_LENGTH) return { ok: false, failure: 'malformed' };
  const query = queryString.replace(/^\?/, '').split('#', 1)[0] ?? '';
  const parsed = parsePairsOnce(query, isVkKey);
  if (!parsed.ok) return { ok: false, failure: 'duplicate_key' };
  const sign = parsed.pairs.get('sign');
  if (!sign) return { ok: false, failure: 'missing_sign' };
  parsed.pairs.delete('sign');
  const matches = secrets.some((secret) => signaturesEqual(sign, vkLaunchSign(parsed.pairs, secret)));
  return matches ? { ok: true, params: parsed.pairs } : { ok: false, failure: 'bad_sign' };
}

/**
 * Verifies launch parameters completely: signature, then that they were made for
 * `appId`, then that `vk_ts` lies within `maxAgeSeconds` before now (and no more
 * than the skew after it). Only then is `vk_user_id` trusted.
 */
export function verifyVkLaunchParams(
  queryString: string,
  app: { appId: string; secrets: readonly string[] },
  options: { nowMs: number; maxAgeSeconds: number },
): VkLaunchVerdict {
  const signed = checkVkSign(queryString, app.secrets);
  if (!signed.ok) return signed;
  const { params } = signed;
  const userId = params.get('vk_user_id') ?? '';
  const appId = params.get('vk_app_id') ?? '';
  if (!/^[1-9]\d{0,18}$/.test(userId) || !/^\d{1,18}$/.test(appId)) return { ok: false, failure: 'malformed' };
  if (appId !== app.appId) return { ok: false, failure: 'other_app' };
  const tsText = params.get('vk_ts');
  if (tsText === undefined) return { ok: false, failure: 'missing_ts' };
  if (!/^\d{1,12}$/.test(tsText)) return { ok: false, failure: 'malformed' };
  const ts = Number(tsText);
  const nowSeconds = options.nowMs / 1000;
  if (ts > nowSeconds + VK_LAUNCH_FUTURE_SKEW_SECONDS) return { ok: false, failure: 'from_future' };
  if (nowSeconds - ts > options.maxAgeSeconds) return { ok: false, failure: 'stale' };
  return { ok: true, userId, appId, language: params.get('vk_language'), ts };
}
