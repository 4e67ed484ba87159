import type { PlatformPaymentResponse } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { ForbiddenError, NotFoundError } from '../../../errors.js';
import { findAccount } from '../../accounts/accounts-service.js';
import { findIdentityOfAccount } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct } from '../../catalog/products-service.js';
import { productSnapshot } from '../../store/orders-presenter.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { requireOkApp } from './ok-apps.js';
import { okPriceOf } from './ok-payments.js';
import { issueOkPurchaseRef } from './ok-purchase-ref.js';

/**
 * What FAPI.UI.showPayment needs for one product (POST /platforms/payment, Platform
 * Odnoklassniki): the catalog's name and OK price, the sku as product code, and a fresh
 * reference in `extra_attributes`, bound to this player's account (ok-purchase-ref.ts). Nothing
 * is stored or charged here: OK's signed callbacks.payment makes the order for the OK user it
 * names, only when the reference was issued to that user's account, keyed by the reference; the portal then finds it
 * with POST /platforms/purchase, which answers only the account that owns it.
 */
export async function startOkPayment(
  ctx: AppContext,
  accountId: string,
  game: GameRecord,
  input: { sku: string },
): Promise<PlatformPaymentResponse> {
  const app = requireOkApp(ctx, game);
  const product = await findProduct(ctx.db, game.id, input.sku);
  const price = product && okPriceOf(product);
  if (!product || price === undefined) throw new NotFoundError('Product on Odnoklassniki');
  if (!(await findIdentityOfAccount(ctx.db, accountId, 'Odnoklassniki'))) {
    throw new ForbiddenError('Odnoklassniki user is missing! Sign in with Odnoklassniki to buy with OKs');
  }
  await assertCanBuyProduct(ctx, accountId, game.id, product);
  const account = await findAccount(ctx.db, accountId);
  const fallback = game.definition.DefaultLanguage;
  const snapshot = productSnapshot(product, account?.locale ?? fallback, fallback);
  const ref = issueOkPurchaseRef(app, game.id, accountId);
  return {
    OrderId: ref,
    Price: { Amount: price, Currency: 'OK' },
    Odnoklassniki: {
      Name: snapshot.ProductName,
      Description: snapshot.ProductDescription || snapshot.ProductName,
      Code: product.row.sku,
      Price: price,
      ExtraAttributes: JSON.stringify({ orderId: ref }),
    },
  };
}
