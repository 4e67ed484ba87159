import type { PlatformPaymentResponse } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { ForbiddenError, NotFoundError } from '../../../errors.js';
import { findIdentityOfAccount } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct } from '../../catalog/products-service.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { issuePurchaseRef } from '../purchase-ref.js';
import { requireFbGamesApp } from './fbgames-apps.js';
import { fbGamesPriceOf, productOgUrl } from './fbgames-products.js';

/** What the references of Facebook Games purchases start with. */
export const FB_GAMES_REF_PREFIX = 'fbg_';

/**
 * What the FB.ui pay dialog needs for one product (POST /platforms/payment, Platform FacebookGames;
 * spec store §3 FacebookGames block): the product's Open Graph URL and a fresh reference bound to
 * this player's account as `request_id`. Nothing is stored or charged: Facebook's payment, looked up
 * on the Graph API when its webhook arrives, makes the order only for the account the reference was
 * issued to, and only if that account is the Facebook user who paid.
 */
export async function startFbGamesPayment(
  ctx: AppContext,
  accountId: string,
  game: GameRecord,
  input: { sku: string },
): Promise<PlatformPaymentResponse> {
  const app = requireFbGamesApp(ctx, game);
  const product = await findProduct(ctx.db, game.id, input.sku);
  const price = product && fbGamesPriceOf(product);
  if (!product || price === undefined) throw new NotFoundError('Product on Facebook Games');
  if (!(await findIdentityOfAccount(ctx.db, accountId, 'FacebookGames'))) {
    throw new ForbiddenError('Sign in with Facebook to buy on Facebook Games');
  }
  await assertCanBuyProduct(ctx, accountId, game.id, product);
  const ref = issuePurchaseRef(FB_GAMES_REF_PREFIX, app.secrets, game.id, accountId);
  return {
    OrderId: ref,
    Price: { Amount: price, Currency: 'USD' },
    FacebookGames: { ProductOgUrl: productOgUrl(ctx, game, product.row.sku), RequestId: ref },
  };
}
