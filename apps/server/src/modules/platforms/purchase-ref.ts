import { createHmac, randomBytes } from 'node:crypto';
import { signaturesEqual } from './signing.js';

/**
 * A purchase reference our server hands a platform's payment call (a developer payload, extra
 * attributes), bound to the player's account without storing anything: `{prefix}{nonce}_{mac}`,
 * the MAC over the purpose, the game, the account and the nonce with the game's platform secret.
 * The platform signs it back with the purchase; a reference is taken only for the account it was
 * issued to (security.md §0.6, §4b: the developer payload equals our order id, bound to the player).
 */

const mac = (secret: string, purpose: string, gameId: string, accountId: string, nonce: string) =>
  createHmac('sha256', secret)
    .update(`${purpose}\n${gameId}\n${accountId}\n${nonce}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

/** A fresh reference (prefix plus 39 characters of `[A-Za-z0-9_-]`) for this account's purchase in this game. */
export function issuePurchaseRef(prefix: string, secrets: readonly string[], gameId: string, accountId: string) {
  const nonce = randomBytes(12).toString('base64url');
  return `${prefix}${nonce}_${mac(secrets[0] ?? '', prefix, gameId, accountId, nonce)}`;
}

/** Whether `ref` was issued by issuePurchaseRef with this prefix for this account and game (any current secret). */
export function isPurchaseRefOf(
  prefix: string,
  secrets: readonly string[],
  gameId: string,
  accountId: string,
  ref: string,
): boolean {
  if (!ref.startsWith(prefix)) return false;
  const match = /^([\w-]{16})_([\w-]{22})$/.exec(ref.slice(prefix.length));
  if (!match) return false;
  const [, nonce = '', given = ''] = match;
  return secrets.some((secret) => signaturesEqual(mac(secret, prefix, gameId, accountId, nonce), given));
}
