import { createHmac, randomBytes } from 'node:crypto';
import { signaturesEqual } from './signing.js';

/**
 * A purchase reference our server gives a platform's payment window, which the platform
 * returns in its signed payment callback, bound to the player's account without storing
 * anything: `{prefix}_{nonce}_{mac}`, the MAC over the platform, the game, the account and
 * the nonce with the game's platform secret. A callback takes a reference only for the
 * account of the platform user who paid (security.md §0.6: the client names nothing).
 */

const mac = (platform: string, secret: string, gameId: string, accountId: string, nonce: string) =>
  createHmac('sha256', secret)
    .update(`${platform}-purchase-ref\n${gameId}\n${accountId}\n${nonce}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

/** A fresh reference (`{prefix}_` and 39 characters of `[A-Za-z0-9_-]`) for this account's purchase in this game. */
export function issuePurchaseRef(
  platform: { name: string; prefix: string },
  secret: string,
  gameId: string,
  accountId: string,
): string {
  const nonce = randomBytes(12).toString('base64url');
  return `${platform.prefix}_${nonce}_${mac(platform.name, secret, gameId, accountId, nonce)}`;
}

/** Whether `ref` was issued by issuePurchaseRef for this platform, account and game (any current secret). */
export function isPurchaseRefOf(
  platform: { name: string; prefix: string },
  secrets: readonly string[],
  gameId: string,
  accountId: string,
  ref: string,
): boolean {
  const match = /^([a-z]+)_([\w-]{16})_([\w-]{22})$/.exec(ref);
  if (!match || match[1] !== platform.prefix) return false;
  const [, , nonce = '', given = ''] = match;
  return secrets.some((secret) => signaturesEqual(mac(platform.name, secret, gameId, accountId, nonce), given));
}
