import type { PlatformPaymentResponse } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { ForbiddenError, NotFoundError } from '../../../errors.js';
import { findAccount } from '../../accounts/accounts-service.js';
import { findIdentityOfAccount } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct } from '../../catalog/products-service.js';
import { productSnapshot } from '../../store/orders-presenter.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { issuePurchaseRef } from '../purchase-ref.js';
import { requireVkPlayApp } from './vkplay-apps.js';
import { VKPLAY_DEFAULT_CURRENCY, vkPlayPriceOf } from './vkplay-prices.js';

/** The purchase references of VK Play payments (../purchase-ref.ts). */
export const VKPLAY_REF_PREFIX = 'vkp_';

/**
 * What iframeApi's paymentFrame needs for one product (POST /platforms/payment, Platform
 * VkontaktePlay): merchant_param with the catalog's VK Play price in the player's currency, the
 * sku as item id, and a fresh reference bound to this player's account as order id. Nothing is
 * stored or charged here: VK Play's signed payment notification makes the order, only for the
 * account the reference was issued to; the portal then finds it with POST /platforms/purchase.
 */
export async function startVkPlayPayment(
  ctx: AppContext,
  accountId: string,
  game: GameRecord,
  input: { sku: string; currency?: string | undefined },
): Promise<PlatformPaymentResponse> {
  const app = requireVkPlayApp(ctx, game);
  const currency = input.currency ?? VKPLAY_DEFAULT_CURRENCY;
  const product = await findProduct(ctx.db, game.id, input.sku);
  const price = product && vkPlayPriceOf(product, currency);
  if (!product || price === undefined) throw new NotFoundError(`Product on VK Play in ${currency}`);
  if (!(await findIdentityOfAccount(ctx.db, accountId, 'VkontaktePlay'))) {
    throw new ForbiddenError('VK Play user is missing! Sign in with VK Play to buy there');
  }
  await assertCanBuyProduct(ctx, accountId, game.id, product);
  const account = await findAccount(ctx.db, accountId);
  const fallback = game.definition.DefaultLanguage;
  const snapshot = productSnapshot(product, account?.locale ?? fallback, fallback);
  const ref = issuePurchaseRef(VKPLAY_REF_PREFIX, app.secrets, game.id, accountId);
  return {
    OrderId: ref,
    Price: { Amount: price, Currency: currency },
    VkontaktePlay: {
      MerchantParam: {
        amount: price,
        currency,
        description: snapshot.ProductName,
        item_id: product.row.sku,
        order_id: ref,
      },
    },
  };
}
