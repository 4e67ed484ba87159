import {
  type CheckoutStatusSchema,
  OrderDetailedStatus,
  type OrderDetailedStatusName,
  type OrderStatusSchema,
} from '@fxid/contract';
import type { z } from 'zod';
import { OrderStatusConflictError } from '../../errors.js';
import type { Db } from './orders-repository.js';
import * as repo from './orders-repository.js';

/**
 * The one place that knows how an order's status may move (spec store §4).
 *
 * Created → WaitingForPayment once the provider's checkout exists; → PayedWaitingForSending
 * when the provider confirms payment (never the client); → Completed once the game's server
 * took delivery. Cancelled (899) ends an unpaid order; CancelledPaid (898) ends a paid one
 * (refund), including a payment that arrived after the order was cancelled.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderDetailedStatusName, readonly OrderDetailedStatusName[]>> = {
  Created: ['WaitingForPayment', 'Cancelled'],
  WaitingForPayment: ['PayedWaitingForSending', 'Cancelled'],
  PayedWaitingForSending: ['Completed', 'CancelledPaid'],
  Completed: ['CancelledPaid'],
  Cancelled: ['CancelledPaid'],
  CancelledPaid: [],
};

export const ORDER_STATUSES = Object.keys(ORDER_TRANSITIONS) as OrderDetailedStatusName[];

export function canTransition(from: OrderDetailedStatusName, to: OrderDetailedStatusName): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Throws a 409 problem unless `from` leads to `to`. */
export function assertTransition(from: OrderDetailedStatusName, to: OrderDetailedStatusName): void {
  if (!canTransition(from, to)) throw new OrderStatusConflictError(from, to);
}

export function isOrderStatus(value: string): value is OrderDetailedStatusName {
  return value in ORDER_TRANSITIONS;
}

/** The general status most callers see. */
export function generalStatus(status: OrderDetailedStatusName): z.infer<typeof OrderStatusSchema> {
  if (status === 'Completed') return 'Completed';
  if (status === 'Cancelled' || status === 'CancelledPaid') return 'Cancelled';
  return 'Created';
}

/** The checkout's status: Payed as soon as the provider confirmed, even before delivery. */
export function checkoutStatus(status: OrderDetailedStatusName): z.infer<typeof CheckoutStatusSchema> {
  if (status === 'PayedWaitingForSending' || status === 'Completed') return 'Payed';
  if (status === 'Cancelled' || status === 'CancelledPaid') return 'Cancelled';
  return 'Created';
}

export function statusCode(status: OrderDetailedStatusName): number {
  return OrderDetailedStatus[status];
}

/**
 * Moves an order from `from` to `to` and records the change, inside the caller's
 * transaction. The UPDATE is conditional on the status still being `from`, so of two
 * racing callers exactly one wins and the other gets the 409.
 */
export async function transitionOrder(
  trx: Db,
  orderId: string,
  from: OrderDetailedStatusName,
  to: OrderDetailedStatusName,
  cause: string,
  now: number,
): Promise<void> {
  assertTransition(from, to);
  if (!(await repo.updateStatusIf(trx, orderId, from, to, now))) {
    throw new OrderStatusConflictError((await repo.currentStatus(trx, orderId)) ?? 'missing', to);
  }
  await repo.insertTransition(trx, { order_id: orderId, from_status: from, to_status: to, cause, created_at: now });
}

/** Records the creation of an order as its first history line. */
export async function recordCreation(trx: Db, orderId: string, cause: string, now: number): Promise<void> {
  await repo.insertTransition(trx, {
    order_id: orderId,
    from_status: null,
    to_status: 'Created',
    cause,
    created_at: now,
  });
}

/** Transitions recorded so far per from → to ("none" for a creation), deployment-wide (metrics). */
export async function transitionCounts(db: Db): Promise<Array<{ from: string; to: string; count: number }>> {
  const rows = await repo.countTransitions(db);
  return rows.map((row) => ({ from: row.from_status ?? 'none', to: row.to_status, count: Number(row.count) }));
}
