import { createHmac, type KeyObject, verify } from 'node:crypto';
import { parsePairsOnce, signaturesEqual, sortedKeys } from '../signing.js';

/**
 * Telegram Mini Apps `initData` (security.md §3): the raw string, parsed once. `hash` is
 * HMAC-SHA256 over the data-check string (every other pair, `signature` included, sorted
 * by key, `k=v` joined by `\n`) with the key HMAC-SHA256(key "WebAppData", msg bot
 * token). The optional `signature` is Telegram's Ed25519 over `{botId}:WebAppData\n`
 * and the pairs without `hash` and `signature` (third-party validation).
 */

export type TelegramInitFailure =
  | 'malformed'
  | 'duplicate_key'
  | 'missing_hash'
  | 'bad_hash'
  | 'missing_signature'
  | 'bad_signature'
  | 'missing_auth_date'
  | 'stale'
  | 'from_future'
  | 'user_missing';

/** The player as initData names them (`user`, JSON as Telegram wrote it). */
export interface TelegramInitUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  photo_url?: string;
}

export type TelegramInitVerdict =
  | { ok: true; user: TelegramInitUser; authDate: number; pairs: Map<string, string> }
  | { ok: false; failure: TelegramInitFailure };

export const TELEGRAM_INIT_DATA_MAX_LENGTH = 8192;
/** initData may run this far ahead of our clock (skew). */
export const TELEGRAM_FUTURE_SKEW_SECONDS = 300;

/** The pairs `k=v` sorted by key and joined by `\n`, leaving out `omit`. */
export function dataCheckString(pairs: Map<string, string>, omit: readonly string[]): string {
  return sortedKeys(pairs)
    .filter((key) => !omit.includes(key))
    .map((key) => `${key}=${pairs.get(key) ?? ''}`)
    .join('\n');
}

/** HMAC-SHA256(key "WebAppData", msg token): the constant is the key (swapping them is the usual bug). */
export function initDataSecretKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

/** The `hash` of some pairs: what Telegram computes, and what a simulator of Telegram must compute. */
export function initDataHash(pairs: Map<string, string>, botToken: string): string {
  return createHmac('sha256', initDataSecretKey(botToken))
    .update(dataCheckString(pairs, ['hash']))
    .digest('hex');
}

/** What Telegram's Ed25519 `signature` signs (security.md §3b). */
export function thirdPartyMessage(pairs: Map<string, string>, botId: string): string {
  return `${botId}:WebAppData\n${dataCheckString(pairs, ['hash', 'signature'])}`;
}

function parseUser(text: string | undefined): TelegramInitUser | undefined {
  if (!text) return undefined;
  try {
    const user = JSON.parse(text) as TelegramInitUser;
    return Number.isSafeInteger(user?.id) && user.id > 0 ? user : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Verifies initData for one bot: parsed once (a key given twice is refused), `hash`
 * compared in constant time against each token (rotation), or, for a bot known only by
 * id, Telegram's Ed25519 `signature`; with `thirdPartyKey` set, the signature is required
 * as well. Then `auth_date` must lie within `maxAgeSeconds`. Only then is `user` trusted.
 */
export function verifyTelegramInitData(
  initData: string,
  bot: { botId: string; tokens: readonly string[] },
  options: { nowMs: number; maxAgeSeconds: number; thirdPartyKey?: KeyObject | undefined },
): TelegramInitVerdict {
  if (initData.length > TELEGRAM_INIT_DATA_MAX_LENGTH) return { ok: false, failure: 'malformed' };
  const parsed = parsePairsOnce(initData.replace(/^[?#]/, ''));
  if (!parsed.ok) return { ok: false, failure: 'duplicate_key' };
  const { pairs } = parsed;
  if (bot.tokens.length > 0) {
    const hash = pairs.get('hash');
    if (!hash) return { ok: false, failure: 'missing_hash' };
    if (!bot.tokens.some((token) => signaturesEqual(hash.toLowerCase(), initDataHash(pairs, token)))) {
      return { ok: false, failure: 'bad_hash' };
    }
  }
  if (options.thirdPartyKey || bot.tokens.length === 0) {
    const signature = pairs.get('signature');
    if (!signature || !options.thirdPartyKey) return { ok: false, failure: 'missing_signature' };
    const bytes = Buffer.from(signature, 'base64url');
    const message = Buffer.from(thirdPartyMessage(pairs, bot.botId));
    if (bytes.length !== 64 || !verify(null, message, options.thirdPartyKey, bytes)) {
      return { ok: false, failure: 'bad_signature' };
    }
  }
  const authDateText = pairs.get('auth_date');
  if (authDateText === undefined) return { ok: false, failure: 'missing_auth_date' };
  if (!/^\d{1,12}$/.test(authDateText)) return { ok: false, failure: 'malformed' };
  const authDate = Number(authDateText);
  const nowSeconds = options.nowMs / 1000;
  if (authDate > nowSeconds + TELEGRAM_FUTURE_SKEW_SECONDS) return { ok: false, failure: 'from_future' };
  if (nowSeconds - authDate > options.maxAgeSeconds) return { ok: false, failure: 'stale' };
  const user = parseUser(pairs.get('user'));
  if (!user) return { ok: false, failure: pairs.has('user') ? 'malformed' : 'user_missing' };
  return { ok: true, user, authDate, pairs };
}
