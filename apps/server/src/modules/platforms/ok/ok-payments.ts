import type { AppContext } from '../../../context.js';
import { ProductAlreadyOwnedError, PurchaseInProgressError } from '../../../errors.js';
import { newId } from '../../../lib/ids.js';
import { findAccountIdByIdentity } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct, type ProductRecord } from '../../catalog/products-service.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { knownPlatformPurchase, takePlatformPurchase } from '../platform-purchases.js';
import { okAppOf } from './ok-apps.js';
import { isOkPurchaseRefOf } from './ok-purchase-ref.js';
import { verifyOkCallback } from './ok-sign.js';
import { bindOkTransaction, findOkTransaction } from './ok-transactions-repository.js';

/**
 * OK's `callbacks.payment` for one game (platform-protocols.md §2): signed with the
 * application secret key; the product (`product_code`) and price (`amount` in OKs)
 * must be the catalog's (`PlatformPrices.ok`); `extra_attributes` carries the purchase
 * reference the portal gave showPayment, by which it then finds the order. One OK
 * transaction pays one order, once; a repeat gets the same `true`.
 */

export type OkAnswer = { ok: true } | { ok: false; code: number; message: string };

/** OK's error codes (platform-protocols.md §2). */
export const OK_ERRORS = {
  /** UNKNOWN: OK retries later. */
  unknown: 1,
  /** SERVICE: temporarily unavailable, OK retries. */
  service: 2,
  /** PARAM_SIGNATURE: bad sig. */
  signature: 104,
  /** CALLBACK_INVALID_PAYMENT: wrong product, amount or user; OK does not retry and cancels the payment. */
  invalidPayment: 1001,
} as const;

const invalid = (why: string): OkAnswer => ({
  ok: false,
  code: OK_ERRORS.invalidPayment,
  message: `CALLBACK_INVALID_PAYMENT : ${why}`,
});

/** The OK price of a product in OKs, when the catalog sells it through OK payments. */
export function okPriceOf(product: ProductRecord): number | undefined {
  return product.definition.PlatformPrices?.ok;
}

/** The portal's purchase reference in `extra_attributes` (`{"orderId":"…"}`). */
export function purchaseRefOf(extraAttributes: string | undefined): string | undefined {
  try {
    const ref = (JSON.parse(extraAttributes ?? '') as { orderId?: unknown } | null)?.orderId;
    return typeof ref === 'string' && /^[\w-]{8,64}$/.test(ref) ? ref : undefined;
  } catch {
    return undefined;
  }
}

export async function handleOkPayment(ctx: AppContext, gameName: string, query: string): Promise<OkAnswer> {
  const game = await ctx.catalog.find(gameName);
  const app = game?.definition.Platforms.includes('ok') ? okAppOf(ctx, game) : undefined;
  if (!game || !app) return invalid(`game ${gameName} does not take OK payments here`);
  const verified = verifyOkCallback(query, app.secrets);
  if (!verified.ok) {
    ctx.metrics.webhookRefused('ok');
    return { ok: false, code: OK_ERRORS.signature, message: `PARAM_SIGNATURE : ${verified.failure}` };
  }
  const { params } = verified;
  if (params.get('application_key') !== app.publicKey) return invalid('application_key is not this game’s');
  if (params.get('method') !== 'callbacks.payment') return invalid(`unexpected method ${params.get('method')}`);
  const transactionId = params.get('transaction_id') ?? '';
  if (!/^[\w-]{1,64}$/.test(transactionId)) return invalid('transaction_id is missing');
  const ref = purchaseRefOf(params.get('extra_attributes'));
  if (!ref) return invalid('extra_attributes names no purchase');
  const key = { platform: 'ok', gameId: game.id, externalOrderId: ref, test: false };

  // A repeat (OK tries up to three times) gets the same answer, whatever changed since.
  const bound = await findOkTransaction(ctx.db, game.id, transactionId);
  if (bound?.purchase_ref === ref && (await knownPlatformPurchase(ctx, key))) return { ok: true };
  if (bound && bound.purchase_ref !== ref) return invalid('transaction_id was paid for another purchase');

  const product = await findProduct(ctx.db, game.id, params.get('product_code') ?? '');
  const price = product && okPriceOf(product);
  if (!product || price === undefined) return invalid('unknown product');
  // Money is server-side state (security.md §0.6): OK must charge exactly our price, in OKs.
  const currency = params.get('currency');
  if (params.get('amount') !== String(price) || (currency !== undefined && currency.toLowerCase() !== 'ok')) {
    return invalid(`price mismatch: the product costs ${price} OK`);
  }
  const uid = params.get('uid') ?? '';
  const accountId = /^[1-9]\d{0,19}$/.test(uid)
    ? await findAccountIdByIdentity(ctx.db, 'Odnoklassniki', uid)
    : undefined;
  if (!accountId) return invalid('unknown user');
  if (!isOkPurchaseRefOf(app, game.id, accountId, ref)) {
    return invalid('the purchase reference was not issued to this user');
  }
  try {
    await assertCanBuyProduct(ctx, accountId, game.id, product);
    const binding = await bindOkTransaction(ctx.db, {
      id: newId(),
      game_id: game.id,
      transaction_id: transactionId,
      purchase_ref: ref,
      uid,
      created_at: ctx.now(),
    });
    if (binding?.purchase_ref !== ref) return invalid('purchase was paid by another transaction');
    await take(ctx, game, product, { accountId, ref, price });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ProductAlreadyOwnedError || error instanceof PurchaseInProgressError)) throw error;
    // A concurrent repeat of this very transaction owns it now: the same answer.
    const again = await findOkTransaction(ctx.db, game.id, transactionId);
    if (again?.purchase_ref === ref && (await knownPlatformPurchase(ctx, key))) return { ok: true };
    return invalid(
      error instanceof ProductAlreadyOwnedError ? 'the player already owns this product' : 'already being bought',
    );
  }
}

function take(
  ctx: AppContext,
  game: GameRecord,
  product: ProductRecord,
  input: { accountId: string; ref: string; price: number },
) {
  return takePlatformPurchase(ctx, {
    adapter: 'ok',
    platform: 'Odnoklassniki',
    game,
    product,
    accountId: input.accountId,
    externalOrderId: input.ref,
    externalAmount: input.price,
    test: false,
    locale: undefined,
  });
}
