import { createHmac, randomBytes } from 'node:crypto';
import { signaturesEqual } from '../signing.js';
import type { OkApp } from './ok-config.js';

/**
 * The purchase reference our server gives showPayment (`extra_attributes`), bound to the
 * player's account without storing anything: `okp_{nonce}_{mac}`, the MAC over the game,
 * the account and the nonce with the game's OK secret key. OK's callback takes a reference
 * only for the account of the OK user who paid (security.md §0.6: the client names nothing).
 */

const PREFIX = 'okp_';

const mac = (secret: string, gameId: string, accountId: string, nonce: string) =>
  createHmac('sha256', secret)
    .update(`ok-purchase-ref\n${gameId}\n${accountId}\n${nonce}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

/** A fresh reference (43 characters of `[A-Za-z0-9_-]`) for this account's purchase in this game. */
export function issueOkPurchaseRef(app: OkApp, gameId: string, accountId: string): string {
  const nonce = randomBytes(12).toString('base64url');
  return `${PREFIX}${nonce}_${mac(app.secrets[0] ?? '', gameId, accountId, nonce)}`;
}

/** Whether `ref` was issued by issueOkPurchaseRef for this account and game (any current secret). */
export function isOkPurchaseRefOf(app: OkApp, gameId: string, accountId: string, ref: string): boolean {
  const match = /^okp_([\w-]{16})_([\w-]{22})$/.exec(ref);
  if (!match) return false;
  const [, nonce = '', given = ''] = match;
  return app.secrets.some((secret) => signaturesEqual(mac(secret, gameId, accountId, nonce), given));
}
