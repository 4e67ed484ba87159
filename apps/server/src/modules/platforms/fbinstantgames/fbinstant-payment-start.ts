import type { PlatformPaymentResponse } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { ForbiddenError, NotFoundError } from '../../../errors.js';
import { findIdentityOfAccount } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct } from '../../catalog/products-service.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { issuePurchaseRef } from '../purchase-ref.js';
import { requireFbInstantApp } from './fbinstant-apps.js';

/** What the references of Instant Games purchases start with. */
export const FB_INSTANT_REF_PREFIX = 'fbi_';

/** The product's price in the catalog (`PlatformPrices.fbinstantgames`, US cents); absent: not sold there. */
export function fbInstantPriceOf(product: { definition: { PlatformPrices?: Partial<Record<string, number>> } }) {
  return product.definition.PlatformPrices?.fbinstantgames;
}

/**
 * What purchaseAsync needs for one product (POST /platforms/payment, Platform
 * FacebookInstantGames; spec store §3 FacebookInstantGames block): the product id in the
 * game's Instant Games catalog (our sku) and a fresh reference bound to this player's account
 * as the developer payload. Nothing is stored or charged here: POST /fbinstant/purchase takes
 * the signed purchase only when it carries a reference issued to the account that sends it.
 */
export async function startFbInstantPayment(
  ctx: AppContext,
  accountId: string,
  game: GameRecord,
  input: { sku: string },
): Promise<PlatformPaymentResponse> {
  const app = requireFbInstantApp(ctx, game);
  const product = await findProduct(ctx.db, game.id, input.sku);
  const price = product && fbInstantPriceOf(product);
  if (!product || price === undefined) throw new NotFoundError('Product on Facebook Instant Games');
  if (!(await findIdentityOfAccount(ctx.db, accountId, 'FacebookNamespaced'))) {
    throw new ForbiddenError('Sign in with Facebook Instant Games to buy there');
  }
  await assertCanBuyProduct(ctx, accountId, game.id, product);
  const ref = issuePurchaseRef(FB_INSTANT_REF_PREFIX, app.secrets, game.id, accountId);
  return {
    OrderId: ref,
    Price: { Amount: price, Currency: 'USD' },
    FacebookInstantGames: { StoreSpecificOrderProductSku: product.row.sku, DeveloperPayload: ref },
  };
}
