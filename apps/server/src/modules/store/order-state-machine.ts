import {
  type CheckoutStatusSchema,
  OrderDetailedStatus,
  type OrderDetailedStatusName,
  type OrderStatusSchema,
} from '@fxid/contract';
import type { z } from 'zod';
import type { OrderTransitionsTable } from '../../db/schema.js';
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

/** One move of an order's status and why it happened, as its history records it. */
export interface OrderStep {
  to: OrderDetailedStatusName;
  cause: string;
}

/** Where `steps` lead from `from`; throws the 409 problem at the first step the machine refuses. */
export function endOf(from: OrderDetailedStatusName, steps: readonly OrderStep[]): OrderDetailedStatusName {
  let at = from;
  for (const step of steps) {
    assertTransition(at, step.to);
    at = step.to;
  }
  return at;
}

/** The history lines of `steps` from `from` (null for a creation), one per step; the caller writes the status they lead to. */
function historyOf(
  orderId: string,
  from: OrderDetailedStatusName | null,
  steps: readonly OrderStep[],
  now: number,
): Omit<OrderTransitionsTable, 'id'>[] {
  let at = from;
  return steps.map((step) => {
    const line = { order_id: orderId, from_status: at, to_status: step.to, cause: step.cause, created_at: now };
    at = step.to;
    return line;
  });
}

/**
 * Moves an order from `from` along `steps` and records each one, inside the caller's
 * transaction: one conditional UPDATE to where the steps lead (several steps cost one row
 * write, with the same history as one move per step). The UPDATE is conditional on the status
 * still being `from`, so of two racing callers exactly one wins and the other gets the 409.
 */
export async function moveOrder(
  trx: Db,
  orderId: string,
  from: OrderDetailedStatusName,
  steps: readonly OrderStep[],
  now: number,
): Promise<void> {
  const to = endOf(from, steps);
  if (!(await repo.updateStatusIf(trx, orderId, from, to, now))) {
    throw new OrderStatusConflictError((await repo.currentStatus(trx, orderId)) ?? 'missing', to);
  }
  await repo.insertTransitions(trx, historyOf(orderId, from, steps, now));
}

/** Moves an order from `from` to `to` and records the change (moveOrder with one step). */
export function transitionOrder(
  trx: Db,
  orderId: string,
  from: OrderDetailedStatusName,
  to: OrderDetailedStatusName,
  cause: string,
  now: number,
): Promise<void> {
  return moveOrder(trx, orderId, from, [{ to, cause }], now);
}

/**
 * Records the creation of an order as its first history line, then `steps`, the moves its row
 * was inserted already past (its status must be `endOf('Created', steps)`).
 */
export async function recordCreation(
  trx: Db,
  orderId: string,
  cause: string,
  now: number,
  steps: readonly OrderStep[] = [],
): Promise<void> {
  // Checked here too: no history line records a move the machine refuses.
  endOf('Created', steps);
  await repo.insertTransitions(trx, historyOf(orderId, null, [{ to: 'Created', cause }, ...steps], now));
}

/** Transitions recorded so far per from → to ("none" for a creation), deployment-wide (metrics). */
export async function transitionCounts(db: Db): Promise<Array<{ from: string; to: string; count: number }>> {
  const rows = await repo.countTransitions(db);
  return rows.map((row) => ({ from: row.from_status ?? 'none', to: row.to_status, count: Number(row.count) }));
}
