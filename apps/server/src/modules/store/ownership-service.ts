import type { AppContext } from '../../context.js';
import {
  GameNotFoundError,
  NotFoundError,
  OrderStatusConflictError,
  ProductAlreadyOwnedError,
  PurchaseAlreadyConsumedError,
  PurchaseInProgressError,
} from '../../errors.js';
import { findTieredProducts, type ProductRecord } from '../catalog/products-service.js';
import { transitionOrder } from './order-state-machine.js';
import { orderStatusOf, toGamePurchase } from './orders-presenter.js';
import * as repo from './orders-repository.js';

/**
 * How long an open checkout of a one-time product holds it for its player. The portal gives
 * up on a checkout after 180 s and cancels it; one still open after this was left behind
 * (a closed tab), and a new checkout replaces it rather than lock the player out.
 */
export const OPEN_CHECKOUT_HOLD_MS = 5 * 60_000;

/** A product a player may own only once. */
export function isOneTime(product: ProductRecord): boolean {
  return product.definition.ProductType === 'NonConsumable';
}

/** The skus among `products` that the player owns and cannot buy again. */
export async function ownedOneTimeSkus(
  ctx: AppContext,
  accountId: string,
  gameId: string,
  products: ProductRecord[],
): Promise<Set<string>> {
  const skus = products.filter(isOneTime).map((product) => product.row.sku);
  return repo.paidSkus(ctx.db, accountId, gameId, skus);
}

/**
 * Refuses a checkout of a one-time product (or a bundle holding one) the player already
 * owns, or whose checkout they have open right now. A left-behind open checkout is
 * cancelled at the provider and here, so the new one can go ahead. The unique index on
 * `orders.exclusive_sku` settles what this check cannot: concurrent creations.
 */
export async function assertCanBuy(
  ctx: AppContext,
  accountId: string,
  gameId: string,
  product: ProductRecord,
  tiers: ProductRecord[],
): Promise<void> {
  const [owned] = await ownedOneTimeSkus(ctx, accountId, gameId, [product, ...tiers]);
  if (owned) throw new ProductAlreadyOwnedError(owned);
  if (!isOneTime(product)) return;
  const sku = product.row.sku;
  for (const open of await repo.openExclusiveOrders(ctx.db, accountId, gameId, sku)) {
    if (ctx.now() - open.created_at < OPEN_CHECKOUT_HOLD_MS) throw new PurchaseInProgressError(sku);
    await cancelLeftBehind(ctx, open, sku);
  }
}

/** assertCanBuy for a product whose bundled tiers are looked up here (a host platform's purchase). */
export async function assertCanBuyProduct(
  ctx: AppContext,
  accountId: string,
  gameId: string,
  product: ProductRecord,
): Promise<void> {
  await assertCanBuy(ctx, accountId, gameId, product, await findTieredProducts(ctx.db, gameId, product));
}

async function cancelLeftBehind(ctx: AppContext, order: repo.OrderRow, sku: string): Promise<void> {
  const provider = ctx.payments.get(order.provider);
  if (order.provider_ref && provider) {
    // Paid a moment ago: the provider's notification is on its way and makes it owned.
    if ((await provider.fetchStatus(order.provider_ref)) === 'paid') throw new PurchaseInProgressError(sku);
    await provider.cancelCheckout(order.provider_ref);
  }
  try {
    await ctx.db
      .transaction()
      .execute((trx) =>
        transitionOrder(
          trx,
          order.id,
          orderStatusOf(order),
          'Cancelled',
          'left behind: a new checkout of the same one-time product replaced it',
          ctx.now(),
        ),
      );
  } catch (error) {
    // Another request moved it first (cancelled it, or the payment arrived): the index decides.
    if (!(error instanceof OrderStatusConflictError)) throw error;
  }
}

/** The paid purchases of the player in a game that the game has not consumed, oldest first. */
export async function listPurchases(ctx: AppContext, accountId: string, gameId: string, skus?: string[]) {
  const orders = await repo.unconsumedPurchases(ctx.db, accountId, gameId);
  const products = await repo.listProductsOfOrders(
    ctx.db,
    orders.map((order) => order.id),
  );
  const purchases = orders.map((order) => toGamePurchase(order, products.get(order.id) ?? []));
  return skus ? purchases.filter((purchase) => skus.includes(purchase.Sku)) : purchases;
}

/** One paid order of the player as the game collects it, unless it was consumed, refunded or is not theirs. */
export async function unconsumedPurchase(ctx: AppContext, accountId: string, orderId: string) {
  const order = await repo.findOrderById(ctx.db, orderId);
  if (!order || order.account_id !== accountId || order.consumed_at !== null) return undefined;
  if (!(repo.PAID_STATUSES as readonly string[]).includes(order.status)) return undefined;
  return toGamePurchase(order, await repo.listOrderProducts(ctx.db, order.id));
}

/**
 * The game took a purchase: it is never listed again. Exactly once: of concurrent calls
 * one succeeds and the others get 409 purchase_already_consumed. Anyone else's order,
 * or one of another game, is 404; an unpaid one 409 conflict.
 */
export async function consumePurchase(ctx: AppContext, accountId: string, gameName: string, publicId: string) {
  const game = await ctx.catalog.find(gameName);
  if (!game) throw new GameNotFoundError(gameName);
  const order = await repo.findOrderByPublicId(ctx.db, publicId);
  if (!order || order.account_id !== accountId || order.game_id !== game.id) throw new NotFoundError('Order');
  if (order.consumed_at !== null) throw new PurchaseAlreadyConsumedError(publicId);
  const status = orderStatusOf(order);
  if (!(repo.PAID_STATUSES as readonly string[]).includes(status))
    throw new OrderStatusConflictError(status, 'Consumed');
  const consumed = await ctx.db.transaction().execute((trx) => repo.markConsumedIf(trx, order.id, ctx.now()));
  if (!consumed) {
    const now = await repo.findOrderById(ctx.db, order.id);
    if (now?.consumed_at !== null) throw new PurchaseAlreadyConsumedError(publicId);
    throw new OrderStatusConflictError(now.status, 'Consumed');
  }
  return { TransactionId: publicId, Consumed: true as const };
}
