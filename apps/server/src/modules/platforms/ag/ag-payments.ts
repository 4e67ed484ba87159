import type { AppContext } from '../../../context.js';
import { ProductAlreadyOwnedError, PurchaseInProgressError } from '../../../errors.js';
import { findAccountIdByIdentity } from '../../accounts/identity-service.js';
import { findProduct, type ProductRecord } from '../../catalog/products-service.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { knownPlatformPurchase, takePlatformPurchase } from '../platform-purchases.js';
import { agAppOf } from './ag-apps.js';
import { isAgPaymentTokenOf, readAgPaymentToken } from './ag-payment-token.js';
import { verifyAgNotification } from './ag-sign.js';

/**
 * Absolute Games' payment notification for one game (a proposed protocol, see the adapter's
 * README): a form signed with the app secret (`sign`, ag-sign.ts) naming the app, the player,
 * our payment token, AG's invoice and what was charged. The token must be ours, for the
 * account of that AG player; the amount and currency the catalog's (`PlatformPrices.ag`,
 * roubles). One token pays one order, once; a repeat gets the same success.
 */

export type AgAnswer =
  | { status: 200; body: { result: 'ok'; orderId: string } }
  | { status: 400 | 401 | 404 | 409; body: { result: 'error'; code: AgErrorCode; message: string } };

/** Stable codes of a refused notification. */
export type AgErrorCode = 'bad_signature' | 'unknown_game' | 'invalid_payment' | 'already_owned';

const refuse = (status: 400 | 401 | 404 | 409, code: AgErrorCode, message: string): AgAnswer => ({
  status,
  body: { result: 'error', code, message },
});

/** The product's price on Absolute Games in the catalog (`PlatformPrices.ag`), whole roubles. */
export function agPriceOf(product: ProductRecord): number | undefined {
  return product.definition.PlatformPrices?.ag;
}

export async function handleAgNotification(ctx: AppContext, gameName: string, body: string): Promise<AgAnswer> {
  const game = await ctx.catalog.find(gameName);
  const app = game?.definition.Platforms.includes('ag') ? agAppOf(ctx, game) : undefined;
  if (!game || !app) return refuse(404, 'unknown_game', `game ${gameName} does not take Absolute Games payments here`);
  const verified = verifyAgNotification(body, app.secrets);
  if (!verified.ok) return refuse(401, 'bad_signature', verified.failure);
  const fields = verified.fields;
  if (fields.get('app_id') !== app.appId) return refuse(400, 'invalid_payment', 'app_id is not this game’s');
  if (fields.get('status') !== 'success') return refuse(400, 'invalid_payment', `status ${fields.get('status')}`);
  const token = fields.get('token') ?? '';
  const charge = readAgPaymentToken(token);
  if (!charge) return refuse(400, 'invalid_payment', 'token is not one of ours');
  const key = { platform: 'ag', gameId: game.id, externalOrderId: charge.ref, test: false };
  if (await knownPlatformPurchase(ctx, key)) return { status: 200, body: { result: 'ok', orderId: charge.ref } };

  const playerId = fields.get('player_id') ?? '';
  if (playerId !== charge.player_id) return refuse(400, 'invalid_payment', 'the token was issued to another player');
  const accountId = await findAccountIdByIdentity(ctx.db, 'AbsoluteGames', playerId);
  if (!accountId || !isAgPaymentTokenOf(app, game.id, accountId, token)) {
    return refuse(400, 'invalid_payment', 'the token was not issued to this player');
  }
  const product = await findProduct(ctx.db, game.id, charge.sku);
  const price = product && agPriceOf(product);
  // Money is server-side state (security.md §0.6): AG must have charged exactly our price, in roubles.
  if (!product || price === undefined || charge.amount !== price)
    return refuse(400, 'invalid_payment', 'unknown product');
  if (fields.get('amount') !== String(price) || fields.get('currency') !== 'RUB') {
    return refuse(400, 'invalid_payment', `price mismatch: the product costs ${price} RUB`);
  }
  try {
    await assertCanBuyProduct(ctx, accountId, game.id, product);
    await takePlatformPurchase(ctx, {
      adapter: 'ag',
      platform: 'AbsoluteGames',
      game,
      product,
      accountId,
      externalOrderId: charge.ref,
      externalAmount: price,
      test: false,
      locale: undefined,
    });
    return { status: 200, body: { result: 'ok', orderId: charge.ref } };
  } catch (error) {
    if (!(error instanceof ProductAlreadyOwnedError || error instanceof PurchaseInProgressError)) throw error;
    // A concurrent repeat of this very notification took it meanwhile: the same answer.
    if (await knownPlatformPurchase(ctx, key)) return { status: 200, body: { result: 'ok', orderId: charge.ref } };
    return refuse(409, 'already_owned', 'the player already owns this product or is buying it');
  }
}
