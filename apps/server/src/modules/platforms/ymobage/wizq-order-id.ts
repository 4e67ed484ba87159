import { createHmac, randomBytes } from 'node:crypto';
import { signaturesEqual } from '../signing.js';
import type { WizqApp } from './wizq-config.js';

/**
 * `WizQ.SecuredOrderId` (spec store §3): `wzq_{nonce}_{mac}`, a fresh 128-bit nonce and a MAC
 * with the game's WizQ secret over the game, the buyer's account, the sku and the nonce, so
 * nobody can make one up or move one to another account or product (platform-protocols.md §6c).
 * Nothing is stored: WizQ's relayed payment names it, and our server checks it then.
 */

const mac = (secret: string, gameId: string, accountId: string, sku: string, nonce: string) =>
  createHmac('sha256', secret)
    .update(`wizq-secured-order\n${gameId}\n${accountId}\n${sku}\n${nonce}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');

export function issueSecuredOrderId(app: WizqApp, gameId: string, accountId: string, sku: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `wzq_${nonce}_${mac(app.secrets[0] ?? '', gameId, accountId, sku, nonce)}`;
}

export function isSecuredOrderIdOf(app: WizqApp, gameId: string, accountId: string, sku: string, id: string): boolean {
  const match = /^wzq_([\w-]{22})_([\w-]{22})$/.exec(id);
  if (!match) return false;
  const [, nonce = '', given = ''] = match;
  return app.secrets.some((secret) => signaturesEqual(mac(secret, gameId, accountId, sku, nonce), given));
}
