import type { AppContext } from '../../../context.js';
import { findAccountIdByIdentity } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct } from '../../catalog/products-service.js';
import { refundPlatformPurchase, takePlatformPurchase } from '../platform-purchases.js';
import { isPurchaseRefOf } from '../purchase-ref.js';
import { requireFbGamesApp } from './fbgames-apps.js';
import { fetchGraphPayment } from './fbgames-graph.js';
import { FB_GAMES_REF_PREFIX } from './fbgames-payment-start.js';
import { fbGamesPriceOf, skuOfOgUrl } from './fbgames-products.js';

/** What one payment of the webhook came to; `refused` names why nothing changed. */
export type FbPaymentOutcome =
  | { outcome: 'paid' | 'already_paid' | 'refunded' | 'pending' }
  | { outcome: 'refused'; reason: string };

/**
 * One Facebook payment, settled from what the Graph API says of it (platform-protocols.md §12):
 * the webhook carries no amounts and proves only that something changed. Credited when the app is
 * ours, the buyer is a Facebook user signed in here, `request_id` is a reference issued to that
 * user's account in this game, the item is one of our products' Open Graph pages, and a `charge`
 * action is `completed`; once per reference. A completed `refund` or `chargeback` reverses it, once.
 */
export async function settleFbPayment(ctx: AppContext, game: GameRecord, paymentId: string): Promise<FbPaymentOutcome> {
  const app = requireFbGamesApp(ctx, game);
  const payment = await fetchGraphPayment(ctx, app, paymentId);
  const refuse = (reason: string): FbPaymentOutcome => ({ outcome: 'refused', reason });
  if (String(payment.id) !== paymentId) return refuse('other_payment');
  if (String(payment.application?.id) !== app.appId) return refuse('other_app');
  const userId = typeof payment.user?.id === 'string' ? payment.user.id : '';
  const accountId = userId && (await findAccountIdByIdentity(ctx.db, 'FacebookGames', userId));
  if (!accountId) return refuse('unknown_user');
  const ref = typeof payment.request_id === 'string' ? payment.request_id : '';
  if (!isPurchaseRefOf(FB_GAMES_REF_PREFIX, app.secrets, game.id, accountId, ref)) return refuse('not_our_order');
  const sku = skuOfOgUrl(ctx, game, payment.items?.[0]?.product);
  const product = sku ? await findProduct(ctx.db, game.id, sku) : undefined;
  const price = product && fbGamesPriceOf(product);
  if (!product || price === undefined) return refuse('unknown_product');
  const test = payment.test === 1 || payment.test === true;
  const completed = (type: string) =>
    (payment.actions ?? []).some((action) => action.type === type && action.status === 'completed');
  const key = { platform: 'fbgames', gameId: game.id, externalOrderId: ref, test };
  if (completed('refund') || completed('chargeback')) {
    const refunded = await refundPlatformPurchase(ctx, key, `fbgames payment ${paymentId} refunded`);
    return refunded ? { outcome: 'refunded' } : refuse('refund_of_unknown_order');
  }
  if (!completed('charge')) return { outcome: 'pending' };
  const taken = await takePlatformPurchase(ctx, {
    adapter: 'fbgames',
    platform: 'FacebookGames',
    game,
    product,
    accountId,
    externalOrderId: ref,
    externalAmount: price,
    test,
    locale: undefined,
  });
  return { outcome: taken.duplicate ? 'already_paid' : 'paid' };
}
