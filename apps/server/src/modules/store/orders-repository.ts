import type { Kysely, Selectable } from 'kysely';
import type { Database, OrderProductsTable, OrdersTable, OrderTransitionsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/** All SQL of orders, their history and provider events. Pass a transaction to take part in it. */
export type Db = Kysely<Database>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderProductRow = Selectable<OrderProductsTable>;

export async function insertOrder(trx: Db, row: OrdersTable, products: OrderProductsTable[]): Promise<void> {
  await trx.insertInto('orders').values(row).execute();
  await trx.insertInto('order_products').values(products).execute();
}

export function findOrderByPublicId(db: Db, publicId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export function findOrderById(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listOrderProducts(db: Db, orderId: string): Promise<OrderProductRow[]> {
  return db.selectFrom('order_products').selectAll().where('order_id', '=', orderId).orderBy('position').execute();
}

export async function setProviderRef(trx: Db, orderId: string, providerRef: string, now: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ provider_ref: providerRef, updated_at: now })
    .where('id', '=', orderId)
    .execute();
}

/** Sets the status only if it still is `from`; false when another change got there first. */
export async function updateStatusIf(trx: Db, orderId: string, from: string, to: string, now: number) {
  const updated = await trx
    .updateTable('orders')
    .set({ status: to, updated_at: now, ...(to === 'Completed' ? { completed_at: now } : {}) })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function currentStatus(db: Db, orderId: string): Promise<string | undefined> {
  const row = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  return row?.status;
}

export async function insertTransition(trx: Db, row: Omit<OrderTransitionsTable, 'id'>): Promise<void> {
  await trx
    .insertInto('order_transitions')
    .values({ id: newId(), ...row })
    .execute();
}

export function listTransitions(db: Db, orderId: string): Promise<Selectable<OrderTransitionsTable>[]> {
  return db.selectFrom('order_transitions').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/**
 * Claims a provider event id; false when it was taken before. PostgreSQL makes a
 * concurrent duplicate wait for the first transaction and then do nothing.
 */
export async function claimPaymentEvent(
  trx: Db,
  event: { provider: string; eventId: string; eventType: string; orderId: string | null; outcome: string },
  now: number,
): Promise<boolean> {
  const result = await trx
    .insertInto('payment_events')
    .values({
      id: newId(),
      provider: event.provider,
      event_id: event.eventId,
      event_type: event.eventType,
      order_id: event.orderId,
      outcome: event.outcome,
      received_at: now,
    })
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function setPaymentEventOutcome(trx: Db, provider: string, eventId: string, outcome: string) {
  await trx
    .updateTable('payment_events')
    .set({ outcome })
    .where('provider', '=', provider)
    .where('event_id', '=', eventId)
    .execute();
}

/** The outcome recorded for an event that cancelled its order. */
export const CANCELLED_OUTCOME = 'applied: cancelled';

/** Whether the provider's refusal of the payment (not the player leaving) is what cancelled the order. */
export async function wasCancelledByDecline(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payment_events')
    .select('id')
    .where('order_id', '=', orderId)
    .where('event_type', '=', 'payment.failed')
    .where('outcome', '=', CANCELLED_OUTCOME)
    .executeTakeFirst();
  return row !== undefined;
}

/** Completed orders of a player in a game, per sku: how many and how many units. */
export async function completedPurchases(db: Db, accountId: string, gameId: string) {
  const rows = await db
    .selectFrom('order_products')
    .innerJoin('orders', 'orders.id', 'order_products.order_id')
    .select(['order_products.sku', 'order_products.quantity'])
    .where('orders.account_id', '=', accountId)
    .where('orders.game_id', '=', gameId)
    .where('orders.status', '=', 'Completed')
    .execute();
  const bySku = new Map<string, { count: number; quantity: number }>();
  for (const row of rows) {
    const entry = bySku.get(row.sku) ?? { count: 0, quantity: 0 };
    entry.count += 1;
    entry.quantity += Number(row.quantity);
    bySku.set(row.sku, entry);
  }
  return bySku;
}

export async function markAccountHasCompletedOrder(trx: Db, accountId: string, now: number): Promise<void> {
  await trx
    .updateTable('accounts')
    .set({ has_completed_order: 1, updated_at: now })
    .where('id', '=', accountId)
    .where('has_completed_order', '=', 0)
    .execute();
}

/** Sets an order's personal info; only while it is `status`, so a paid order's info cannot change. */
export async function setPersonalInfoIf(
  trx: Db,
  orderId: string,
  status: string,
  info: { email: string | null; phone: string | null; autoConfirm: boolean },
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ pi_email: info.email, pi_phone: info.phone, pi_auto_confirm: info.autoConfirm ? 1 : 0, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
