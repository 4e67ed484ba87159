import { isPurchaseRefOf, issuePurchaseRef } from '../purchase-ref.js';
import type { OkApp } from './ok-config.js';

/**
 * The purchase reference our server gives showPayment (`extra_attributes`): `okp_{nonce}_{mac}`
 * with the game's OK secret key (../purchase-ref.ts). OK's callback takes a reference only for
 * the account of the OK user who paid.
 */
const OK_REF_PREFIX = 'okp_';

export function issueOkPurchaseRef(app: OkApp, gameId: string, accountId: string): string {
  return issuePurchaseRef(OK_REF_PREFIX, app.secrets, gameId, accountId);
}

export function isOkPurchaseRefOf(app: OkApp, gameId: string, accountId: string, ref: string): boolean {
  return isPurchaseRefOf(OK_REF_PREFIX, app.secrets, gameId, accountId, ref);
}
