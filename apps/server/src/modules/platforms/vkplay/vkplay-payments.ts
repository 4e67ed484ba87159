import type { AppContext } from '../../../context.js';
import { ProductAlreadyOwnedError, PurchaseInProgressError } from '../../../errors.js';
import { findAccountIdByIdentity } from '../../accounts/identity-service.js';
import { findProduct } from '../../catalog/products-service.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { knownPlatformPurchase, takePlatformPurchase } from '../platform-purchases.js';
import { isPurchaseRefOf } from '../purchase-ref.js';
import { vkPlayAppOf } from './vkplay-apps.js';
import { VKPLAY_REF_PREFIX } from './vkplay-payment-start.js';
import { vkPlayPriceOf } from './vkplay-prices.js';
import { VKPLAY_UID, verifyVkPlayParams } from './vkplay-sign.js';

/**
 * VK Play's payment notification for one game. Its real format is not public
 * (platform-protocols.md §14 item 1), so fxid defines it in VK Play's own style and the
 * simulator speaks it: GET with `appid, uid, transaction_id, item_id, amount, currency,
 * order_id` signed like VK Play's API (`sign`, vkplay-sign.ts) with the app secret, answered
 * with VK Play's API answer shape. The product (`item_id`) and price (`amount` in
 * `currency`) must be the catalog's; `order_id` is the reference our server gave paymentFrame,
 * and pays one order once: a repeat gets the same `ok`.
 */

export type VkPlayAnswer = { ok: true } | { ok: false; code: number; message: string };

/** The answer codes of the notification. */
export const VKPLAY_ERRORS = {
  /** The sign does not verify (or names another app): refused, never retried into success. */
  signature: 1,
  /** Wrong product, price, user or reference: the payment is refused. */
  invalidPayment: 2,
  /** Our failure: VK Play should try again. */
  temporary: 3,
} as const;

const invalid = (why: string): VkPlayAnswer => ({ ok: false, code: VKPLAY_ERRORS.invalidPayment, message: why });

export async function handleVkPlayPayment(ctx: AppContext, gameName: string, query: string): Promise<VkPlayAnswer> {
  const game = await ctx.catalog.find(gameName);
  const app = game && vkPlayAppOf(ctx, game);
  if (!game || !app) return invalid(`game ${gameName} does not take VK Play payments here`);
  const verified = verifyVkPlayParams(query, app);
  if (!verified.ok) return { ok: false, code: VKPLAY_ERRORS.signature, message: `sign: ${verified.failure}` };
  const { params } = verified;
  const transactionId = params.get('transaction_id') ?? '';
  if (!/^[\w-]{1,64}$/.test(transactionId)) return invalid('transaction_id is missing');
  const ref = params.get('order_id') ?? '';
  const uid = params.get('uid') ?? '';
  const accountId = VKPLAY_UID.test(uid) ? await findAccountIdByIdentity(ctx.db, 'VkontaktePlay', uid) : undefined;
  if (!accountId) return invalid('unknown user');
  if (!isPurchaseRefOf(VKPLAY_REF_PREFIX, app.secrets, game.id, accountId, ref)) {
    return invalid('order_id was not issued to this user');
  }
  const key = { platform: 'vkplay', gameId: game.id, externalOrderId: ref, test: false };
  // A repeat (a retried notification) gets the same answer, whatever changed since.
  if (await knownPlatformPurchase(ctx, key)) return { ok: true };

  const product = await findProduct(ctx.db, game.id, params.get('item_id') ?? '');
  const currency = params.get('currency') ?? '';
  const price = product && vkPlayPriceOf(product, currency);
  if (!product || price === undefined) return invalid(`unknown product in ${currency || 'no currency'}`);
  // Money is server-side state (security.md §0.6): VK Play must charge exactly our price.
  if (params.get('amount') !== String(price)) return invalid(`price mismatch: the product costs ${price} ${currency}`);
  try {
    await assertCanBuyProduct(ctx, accountId, game.id, product);
    await takePlatformPurchase(ctx, {
      adapter: 'vkplay',
      platform: 'VkontaktePlay',
      game,
      product,
      accountId,
      externalOrderId: ref,
      externalAmount: price,
      test: false,
      locale: undefined,
    });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ProductAlreadyOwnedError || error instanceof PurchaseInProgressError)) throw error;
    // A concurrent repeat of this very notification owns it now: the same answer.
    if (await knownPlatformPurchase(ctx, key)) return { ok: true };
    return invalid(
      error instanceof ProductAlreadyOwnedError ? 'the player already owns this product' : 'already being bought',
    );
  }
}
