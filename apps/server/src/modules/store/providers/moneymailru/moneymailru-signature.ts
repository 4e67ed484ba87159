import { createHash } from 'node:crypto';
import { equalInConstantTime } from '../../../../lib/constant-time.js';
import { encodeCp1251 } from '../../../../lib/cp1251.js';
import { parsePairsOnce, sortedKeys } from '../../../../lib/form-pairs.js';

/**
 * Money.Mail.Ru's "light" scheme signatures (platform-protocols.md §7b): SHA-1 over the
 * values only, sorted by key (`signature` left out), as cp1251 bytes, followed by a key.
 * The merchant signs its payment form with the hex SHA-1 of the secret as that key;
 * Money.Mail.Ru signs its notifications with the secret itself.
 */
function sha1OfValues(pairs: Iterable<[string, string]>, key: Buffer): string {
  const map = new Map(pairs);
  const hash = createHash('sha1');
  for (const name of sortedKeys(map)) if (name !== 'signature') hash.update(encodeCp1251(map.get(name) ?? ''));
  return hash.update(key).digest('hex');
}

/** The `signature` of a payment form fxid sends the player to (shop_id, currency, sum, description, issuer_id, …). */
export function lightFormSignature(fields: Record<string, string>, secret: string): string {
  const hashedSecret = createHash('sha1').update(encodeCp1251(secret)).digest('hex');
  return sha1OfValues(Object.entries(fields), Buffer.from(hashedSecret, 'ascii'));
}

/** The `signature` Money.Mail.Ru puts on a notification (type, status, item_number, issuer_id, serial, auth_method, …). */
export function notificationSignature(pairs: Iterable<[string, string]>, secret: string): string {
  return sha1OfValues(pairs, encodeCp1251(secret));
}

export type NotificationVerdict =
  | { ok: true; pairs: Map<string, string> }
  | { ok: false; reason: string; code: 'S0002' | 'S0003' };

/**
 * A notification body checked as received: parsed once (a repeated key refused, R1), ASCII
 * only (every field of the documented notification is), `auth_method=SHA` (the one scheme
 * fxid signs with; any other is refused, never downgraded), and `signature` equal in constant
 * time to the one made with one of the current secrets.
 */
export function verifyNotification(body: string, secrets: readonly string[]): NotificationVerdict {
  if (!/^[\x20-\x7e]*$/.test(body)) return { ok: false, reason: 'the notification is not ASCII', code: 'S0002' };
  const parsed = parsePairsOnce(body);
  if (!parsed.ok) return { ok: false, reason: `${parsed.duplicate} is given twice`, code: 'S0002' };
  const { pairs } = parsed;
  const signature = pairs.get('signature');
  if (!signature || !/^[0-9a-f]{40}$/.test(signature))
    return { ok: false, reason: 'missing or malformed signature', code: 'S0003' };
  if (pairs.get('auth_method') !== 'SHA') return { ok: false, reason: 'auth_method is not SHA', code: 'S0003' };
  const matches = secrets.some((secret) => equalInConstantTime(signature, notificationSignature(pairs, secret)));
  return matches ? { ok: true, pairs } : { ok: false, reason: 'signature mismatch', code: 'S0003' };
}
