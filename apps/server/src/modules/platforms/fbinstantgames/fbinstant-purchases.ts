import type { FbInstantPurchaseRequest, FbInstantPurchaseResponse } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { PlatformAuthError } from '../../../errors.js';
import { findProduct } from '../../catalog/products-service.js';
import { platformOrderPublicId } from '../../store/platform-orders.js';
import { requireGameOnPlatform } from '../../store/store-front-service.js';
import { verifyFacebookSignedRequest } from '../facebook-signed-request.js';
import { takePlatformPurchase } from '../platform-purchases.js';
import { isPurchaseRefOf } from '../purchase-ref.js';
import { requireFbInstantApp } from './fbinstant-apps.js';
import { FB_INSTANT_REF_PREFIX, fbInstantPriceOf } from './fbinstant-payment-start.js';

/**
 * `POST /fbinstant/purchase` (spec store §4, §7; security.md §4b): a Purchase's `signedRequest`
 * is checked with the game's app secret; its developer payload must be a reference our server
 * issued to this player in this game (so a purchase signed for one player is nobody else's), its
 * product one sold there; it then creates and pays one order, once per Facebook payment id
 * however often it is sent (an unconsumed purchase found at the next start is sent again and
 * answers the same order). The client consumes the purchase on Facebook only after Success.
 * The purchase is not aged: one left unconsumed may be days old, and its payment id is taken once.
 */

/** Facebook's ids and tokens: digits, letters and a few marks. */
const ID = /^[\w.:-]{1,128}$/;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

export async function verifyFbInstantPurchase(
  ctx: AppContext,
  accountId: string,
  request: FbInstantPurchaseRequest,
): Promise<FbInstantPurchaseResponse> {
  const game = await requireGameOnPlatform(ctx, request.Game, 'FacebookInstantGames');
  const app = requireFbInstantApp(ctx, game);
  const verdict = verifyFacebookSignedRequest(request.FbInstantPurchaseSignedData, app.secrets);
  if (!verdict.ok) throw new PlatformAuthError('platform_sign_invalid', 'FacebookInstantGames', verdict.failure);
  const { payload } = verdict;
  const paymentId = text(payload.payment_id);
  const purchaseToken = text(payload.purchase_token);
  if (!ID.test(paymentId) || !ID.test(purchaseToken)) {
    throw new PlatformAuthError('platform_sign_invalid', 'FacebookInstantGames', 'not_a_purchase');
  }
  const sku = typeof payload.product_id === 'string' ? payload.product_id : null;
  const refuse = (code: FbInstantPurchaseResponse['ErrorCode']): FbInstantPurchaseResponse => ({
    Success: false,
    PurchaseToken: purchaseToken,
    PaymentId: paymentId,
    Sku: sku,
    TransactionId: null,
    ErrorCode: code,
  });
  const ref = text(payload.developer_payload);
  if (!isPurchaseRefOf(FB_INSTANT_REF_PREFIX, app.secrets, game.id, accountId, ref)) {
    return refuse('platform_order_mismatch');
  }
  const product = sku ? await findProduct(ctx.db, game.id, sku) : undefined;
  const price = product && fbInstantPriceOf(product);
  if (!product || price === undefined) return refuse('platform_product_unknown');
  const taken = await takePlatformPurchase(ctx, {
    adapter: 'fbinstantgames',
    platform: 'FacebookInstantGames',
    game,
    product,
    accountId,
    externalOrderId: paymentId,
    externalAmount: price,
    test: false,
    locale: undefined,
  });
  if (taken.accountId !== accountId) return refuse('platform_purchase_taken');
  return {
    Success: true,
    PurchaseToken: purchaseToken,
    PaymentId: paymentId,
    Sku: sku,
    TransactionId: (await platformOrderPublicId(ctx, taken.orderId)) ?? null,
    ErrorCode: null,
  };
}
