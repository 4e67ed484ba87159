import { createHmac } from 'node:crypto';
import { parsePairsOnce, signaturesEqual, sortedKeys } from '../signing.js';
import type { AgApp } from './ag-config.js';

/**
 * Absolute Games' signatures, a proposed protocol (AG's is not public; see
 * packages/platforms/src/ag/README.md): lowercase hex HMAC-SHA256 with the application
 * secret over the sorted `key=value` pairs joined by `&`, the signature itself left out.
 * - iframe parameters: app_id, player_id, guest, game_sid, invite, debug, signed as `auth_key`;
 * - the payment notification: every form field, signed as `sign`.
 */

/** The iframe parameters the signature covers; any other query parameter is never read. */
export const AG_LAUNCH_KEYS = ['app_id', 'player_id', 'guest', 'game_sid', 'invite', 'debug'] as const;
const SIGNATURE_KEYS = new Set(['auth_key', 'sign']);

export function agSign(pairs: Map<string, string>, secret: string): string {
  const base = sortedKeys(pairs)
    .filter((key) => !SIGNATURE_KEYS.has(key))
    .map((key) => `${key}=${pairs.get(key) ?? ''}`)
    .join('&');
  return createHmac('sha256', secret).update(base, 'utf8').digest('hex');
}

/** Why iframe parameters were refused; each maps to a stable error code. */
export type AgLaunchFailure = 'malformed' | 'duplicate_key' | 'missing_sig' | 'bad_sig' | 'other_app' | 'stale';

export interface AgLaunch {
  playerId: string;
  /** AG's `guest` flag: anything but 'false' is a player who has not logged in on ag.ru. */
  guest: boolean;
  /** The signed parameters, as verified (for the payment creation block). */
  params: Map<string, string>;
}

export type AgLaunchVerdict = ({ ok: true } & AgLaunch) | { ok: false; failure: AgLaunchFailure };

/** Query strings of an iframe URL are short; anything longer is not one. */
const AG_LAUNCH_MAX_LENGTH = 4096;
/** A clock ahead of ours by more than this is not a skew but a forgery. */
const FUTURE_SKEW_SECONDS = 300;

/**
 * Verifies the iframe parameters (a query string): a key given twice is refused; auth_key
 * must match one of the app's secrets; app_id must be this game's; game_sid starts with the
 * unix time AG issued the launch at, which must lie within `maxAgeSeconds` (a copied launch
 * URL stops working).
 */
export function verifyAgLaunch(
  queryString: string,
  app: AgApp,
  options: { nowMs: number; maxAgeSeconds: number },
): AgLaunchVerdict {
  if (queryString.length > AG_LAUNCH_MAX_LENGTH) return { ok: false, failure: 'malformed' };
  const query = queryString.replace(/^\?/, '').split('#', 1)[0] ?? '';
  const parsed = parsePairsOnce(
    query,
    (key) => SIGNATURE_KEYS.has(key) || (AG_LAUNCH_KEYS as readonly string[]).includes(key),
  );
  if (!parsed.ok) return { ok: false, failure: 'duplicate_key' };
  const { pairs } = parsed;
  const authKey = pairs.get('auth_key')?.toLowerCase();
  pairs.delete('sign');
  if (!authKey) return { ok: false, failure: 'missing_sig' };
  const playerId = pairs.get('player_id') ?? '';
  const issuedAt = /^(\d{9,11})-[\w-]{4,64}$/.exec(pairs.get('game_sid') ?? '')?.[1];
  if (!/^[\w-]{1,64}$/.test(playerId) || !issuedAt) return { ok: false, failure: 'malformed' };
  const matches = app.secrets.some((secret) => signaturesEqual(authKey, agSign(pairs, secret)));
  if (!matches) return { ok: false, failure: 'bad_sig' };
  if (pairs.get('app_id') !== app.appId) return { ok: false, failure: 'other_app' };
  const age = Math.floor(options.nowMs / 1000) - Number(issuedAt);
  if (age > options.maxAgeSeconds || age < -FUTURE_SKEW_SECONDS) return { ok: false, failure: 'stale' };
  return { ok: true, playerId, guest: pairs.get('guest') !== 'false', params: pairs };
}

export type AgNotificationParse =
  | { ok: true; fields: Map<string, string> }
  | { ok: false; failure: 'duplicate_key' | 'missing_sig' | 'bad_sig' };

/** AG's payment notification (a form body) parsed once, its `sign` checked against each current secret. */
export function verifyAgNotification(body: string, secrets: readonly string[]): AgNotificationParse {
  const parsed = parsePairsOnce(body);
  if (!parsed.ok) return { ok: false, failure: 'duplicate_key' };
  const sign = parsed.pairs.get('sign')?.toLowerCase();
  if (!sign) return { ok: false, failure: 'missing_sig' };
  const matches = secrets.some((secret) => signaturesEqual(sign, agSign(parsed.pairs, secret)));
  return matches ? { ok: true, fields: parsed.pairs } : { ok: false, failure: 'bad_sig' };
}
