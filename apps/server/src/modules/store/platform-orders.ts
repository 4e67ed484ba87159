import { randomBytes } from 'node:crypto';
import type { PlatformName } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { PurchaseInProgressError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { findTieredProducts, type ProductRecord } from '../catalog/products-service.js';
import { payAndFulfil } from './fulfilment.js';
import { orderLines } from './order-lines.js';
import { canTransition, recordCreation, transitionOrder } from './order-state-machine.js';
import { orderStatusOf } from './orders-presenter.js';
import * as repo from './orders-repository.js';
import { isOneTime } from './ownership-service.js';
import { usdAmount } from './prices.js';

/** A purchase a host platform's server has confirmed as paid (its signature verified by the platform folder). */
export interface PaidPlatformPurchase {
  accountId: string;
  game: GameRecord;
  product: ProductRecord;
  platform: PlatformName;
  /** Recorded as the order's provider, e.g. `vkcom` (or `vkcom-test` for a platform's test notification). */
  provider: string;
  /** The platform's id of the order, kept as the order's provider reference. */
  providerRef: string;
  /** Player's language for the product snapshot; the game's default otherwise. */
  locale: string | undefined;
  /** The game's own note (MerchantDeveloperPayload), kept with the order. */
  developerPayload?: string | null | undefined;
  cause: string;
}

/**
 * Creates an order for a purchase the platform already took payment for, inside the
 * caller's transaction, and walks it through the state machine: Created →
 * WaitingForPayment → PayedWaitingForSending, then fulfilment (the game's webhook
 * through the outbox, or Completed at once). The order carries the catalog price of
 * the product; what the platform charged in its own units is the caller's to keep.
 */
export async function createPaidPlatformOrder(
  ctx: AppContext,
  trx: repo.Db,
  input: PaidPlatformPurchase,
): Promise<repo.OrderRow> {
  const { game, product } = input;
  const now = ctx.now();
  const fallback = game.definition.DefaultLanguage;
  const locale = input.locale ?? fallback;
  const tiers = await findTieredProducts(trx, game.id, product);
  const amount = product.row.price_amount;
  const currency = product.row.price_currency;
  const order: repo.OrderRow = {
    id: newId(),
    public_id: `ord_${randomBytes(16).toString('base64url')}`,
    account_id: input.accountId,
    game_id: game.id,
    status: 'Created',
    total_amount: amount,
    currency,
    usd_amount: usdAmount(amount, currency),
    platform: input.platform,
    embedding_type: 'Embed',
    provider: input.provider,
    provider_ref: input.providerRef,
    developer_payload: input.developerPayload ?? null,
    pi_email: null,
    pi_phone: null,
    pi_auto_confirm: 0,
    created_at: now,
    updated_at: now,
    completed_at: null,
    // A one-time product is owned once, whichever provider sold it: the unique index on
    // exclusive_sku refuses a second paid (or open) order of it, even one racing this one.
    exclusive_sku: isOneTime(product) ? product.row.sku : null,
    consumed_at: null,
  };
  try {
    await repo.insertOrder(
      trx,
      order,
      orderLines(order.id, { main: product, tiers }, { amount, currency }, { locale, fallbackLocale: fallback }, now),
    );
  } catch (error) {
    // Another order of this one-time product, paid or still open, got there first (orders_exclusive_purchase).
    if (order.exclusive_sku && repo.isUniqueViolation(error)) throw new PurchaseInProgressError(order.exclusive_sku);
    throw error;
  }
  await recordCreation(trx, order.id, input.cause, now);
  const steps = [
    { to: 'WaitingForPayment', cause: input.cause },
    { to: 'PayedWaitingForSending', cause: input.cause },
  ] as const;
  await payAndFulfil(ctx, trx, order, 'Created', steps, game.definition.GameSystemName);
  return { ...order, status: 'PayedWaitingForSending' };
}

/**
 * The platform gave the money of a paid order back (a refund it made itself): the order
 * ends CancelledPaid inside the caller's transaction, so the player no longer owns what
 * it sold and it is no longer listed for the game. Idempotent: an order already refunded
 * stays as it is (`already`); one that was never paid is left alone (`not_paid`).
 */
export async function refundPaidPlatformOrder(
  trx: repo.Db,
  orderId: string,
  cause: string,
  now: number,
): Promise<'refunded' | 'already' | 'not_paid'> {
  const order = await repo.findOrderById(trx, orderId);
  if (!order) return 'not_paid';
  const status = orderStatusOf(order);
  if (status === 'CancelledPaid') return 'already';
  if (!canTransition(status, 'CancelledPaid') || status === 'Cancelled') return 'not_paid';
  await transitionOrder(trx, order.id, status, 'CancelledPaid', cause, now);
  return 'refunded';
}

/** The public id (the game's transaction id) of an order a platform purchase made. */
export async function platformOrderPublicId(ctx: Pick<AppContext, 'db'>, orderId: string): Promise<string | undefined> {
  return (await repo.findOrderById(ctx.db, orderId))?.public_id;
}
