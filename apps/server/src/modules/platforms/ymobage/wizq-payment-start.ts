import type { PlatformPaymentResponse } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { ForbiddenError, NotFoundError } from '../../../errors.js';
import { findIdentityOfAccount } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct, type ProductRecord } from '../../catalog/products-service.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { requireWizqApp } from './wizq-apps.js';
import { issueSecuredOrderId } from './wizq-order-id.js';

/** WizQ's coin, in which `PlatformPrices.ymobage` prices a product. */
export const WIZQ_CURRENCY = 'MBC';

export function wizqPriceOf(product: ProductRecord): number | undefined {
  return product.definition.PlatformPrices?.ymobage;
}

/**
 * POST /platforms/payment for WizQ: a SecuredOrderId for WizQ's payment window, for a player
 * signed in with WizQ. Nothing is stored or charged: the relayed `payment` proxy request makes
 * the order, once, when WizQ says the player paid.
 */
export async function startWizqPayment(
  ctx: AppContext,
  accountId: string,
  game: GameRecord,
  input: { sku: string },
): Promise<PlatformPaymentResponse> {
  const app = requireWizqApp(ctx, game);
  const product = await findProduct(ctx.db, game.id, input.sku);
  const price = product && wizqPriceOf(product);
  if (!product || price === undefined) throw new NotFoundError('Product on WizQ');
  if (!(await findIdentityOfAccount(ctx.db, accountId, 'WizQ'))) {
    throw new ForbiddenError('WizQ user is missing! Sign in with WizQ to buy with WizQ coins');
  }
  await assertCanBuyProduct(ctx, accountId, game.id, product);
  const securedOrderId = issueSecuredOrderId(app, game.id, accountId, product.row.sku);
  return {
    OrderId: securedOrderId,
    Price: { Amount: price, Currency: WIZQ_CURRENCY },
    WizQ: { SecuredOrderId: securedOrderId },
  };
}
