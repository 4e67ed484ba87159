import type { Kysely, Selectable } from 'kysely';
import { columnsOf, preparedInsert, preparedQuery } from '../../db/prepared-query.js';
import type {
  Database,
  OrderProductsTable,
  OrdersTable,
  OrderTransitionsTable,
  PaymentEventsTable,
} from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { createTtlCache } from '../../lib/ttl-cache.js';

/** All SQL of orders, their history and provider events. Pass a transaction to take part in it. */
export type Db = Kysely<Database>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderProductRow = Selectable<OrderProductsTable>;

/** The writes every order makes, built once (see prepared-query.ts). */
const insertOrderRow = preparedQuery(
  columnsOf<OrdersTable>({
    id: true,
    public_id: true,
    account_id: true,
    game_id: true,
    status: true,
    total_amount: true,
    currency: true,
    usd_amount: true,
    platform: true,
    embedding_type: true,
    provider: true,
    provider_ref: true,
    developer_payload: true,
    pi_email: true,
    pi_phone: true,
    pi_auto_confirm: true,
    created_at: true,
    updated_at: true,
    completed_at: true,
    exclusive_sku: true,
    consumed_at: true,
  }),
  (db, row: OrdersTable) => db.insertInto('orders').values(row),
);
const insertProductRows = preparedInsert<OrderProductsTable>(
  'order_products',
  columnsOf<OrderProductsTable>({
    id: true,
    order_id: true,
    role: true,
    position: true,
    product_id: true,
    sku: true,
    quantity: true,
    amount: true,
    currency: true,
    snapshot_json: true,
    created_at: true,
  }),
);
const insertTransitionRows = preparedInsert<OrderTransitionsTable>(
  'order_transitions',
  columnsOf<OrderTransitionsTable>({
    id: true,
    order_id: true,
    from_status: true,
    to_status: true,
    cause: true,
    created_at: true,
  }),
);
type StatusChange = { orderId: string; from: string; to: string; now: number };
/** The status move from `from`; a move to Completed also stamps completed_at. */
const statusUpdate = (completes: boolean) =>
  preparedQuery(['orderId', 'from', 'to', 'now'], (db, args: StatusChange) =>
    db
      .updateTable('orders')
      .set({ status: args.to, updated_at: args.now, ...(completes ? { completed_at: args.now } : {}) })
      .where('id', '=', args.orderId)
      .where('status', '=', args.from),
  );
const updateStatus = statusUpdate(false);
const updateStatusToCompleted = statusUpdate(true);
const updateProviderRef = preparedQuery(
  ['orderId', 'providerRef', 'now'],
  (db, args: { orderId: string; providerRef: string; now: number }) =>
    db
      .updateTable('orders')
      .set({ provider_ref: args.providerRef, updated_at: args.now })
      .where('id', '=', args.orderId),
);
const insertPaymentEvent = preparedQuery(
  columnsOf<PaymentEventsTable>({
    id: true,
    provider: true,
    event_id: true,
    event_type: true,
    order_id: true,
    outcome: true,
    received_at: true,
  }),
  (db, row: PaymentEventsTable) =>
    db
      .insertInto('payment_events')
      .values(row)
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing()),
);
const updatePaymentEventOutcome = preparedQuery(
  ['provider', 'eventId', 'outcome'],
  (db, args: { provider: string; eventId: string; outcome: string }) =>
    db
      .updateTable('payment_events')
      .set({ outcome: args.outcome })
      .where('provider', '=', args.provider)
      .where('event_id', '=', args.eventId),
);

/**
 * An order's products, which never change once inserted (what was sold, as it was sold), kept
 * from their insert and from reads: every status poll read them again. Only ever looked up for
 * an order found first, so products kept from an insert that rolled back are never served.
 */
const productsByOrder = createTtlCache<OrderProductRow[]>(10 * 60_000, 20_000, Date.now);

export async function insertOrder(trx: Db, row: OrdersTable, products: OrderProductsTable[]): Promise<void> {
  await insertOrderRow(trx, row);
  await insertProductRows(trx, products);
  productsByOrder.set(row.id, products);
}

/** The reads every status poll, payment step and fulfilment makes: built once (see prepared-query.ts). */
const orderByPublicId = preparedQuery(['publicId'], (db, args: { publicId: string }) =>
  db.selectFrom('orders').selectAll().where('public_id', '=', args.publicId),
);
const orderById = preparedQuery(['id'], (db, args: { id: string }) =>
  db.selectFrom('orders').selectAll().where('id', '=', args.id),
);
const productsOfOrder = preparedQuery(['orderId'], (db, args: { orderId: string }) =>
  db.selectFrom('order_products').selectAll().where('order_id', '=', args.orderId).orderBy('position'),
);

export async function findOrderByPublicId(db: Db, publicId: string): Promise<OrderRow | undefined> {
  return (await orderByPublicId(db, { publicId })).rows[0];
}

export async function findOrderById(db: Db, id: string): Promise<OrderRow | undefined> {
  return (await orderById(db, { id })).rows[0];
}

export async function listOrderProducts(db: Db, orderId: string): Promise<OrderProductRow[]> {
  const kept = productsByOrder.get(orderId);
  if (kept) return kept;
  const products = (await productsOfOrder(db, { orderId })).rows;
  productsByOrder.set(orderId, products);
  return products;
}

export async function setProviderRef(trx: Db, orderId: string, providerRef: string, now: number): Promise<void> {
  await updateProviderRef(trx, { orderId, providerRef, now });
}

/** Sets the status only if it still is `from`; false when another change got there first. */
export async function updateStatusIf(trx: Db, orderId: string, from: string, to: string, now: number) {
  const update = to === 'Completed' ? updateStatusToCompleted : updateStatus;
  const updated = await update(trx, { orderId, from, to, now });
  return Number(updated.numAffectedRows) === 1;
}

export async function currentStatus(db: Db, orderId: string): Promise<string | undefined> {
  const row = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  return row?.status;
}

/** History lines of one order, in the order given (their ids sort the same way). */
export async function insertTransitions(trx: Db, rows: Omit<OrderTransitionsTable, 'id'>[]): Promise<void> {
  await insertTransitionRows(
    trx,
    rows.map((row) => ({ id: newId(), ...row })),
  );
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
  const result = await insertPaymentEvent(trx, {
    id: newId(),
    provider: event.provider,
    event_id: event.eventId,
    event_type: event.eventType,
    order_id: event.orderId,
    outcome: event.outcome,
    received_at: now,
  });
  return Number(result.numAffectedRows ?? 0) === 1;
}

export async function setPaymentEventOutcome(trx: Db, provider: string, eventId: string, outcome: string) {
  await updatePaymentEventOutcome(trx, { provider, eventId, outcome });
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

/** Statuses in which a paid order belongs to the player: on its way to the game or delivered. */
export const PAID_STATUSES = ['PayedWaitingForSending', 'Completed'] as const;
/** Statuses of an order whose checkout is still open. */
export const OPEN_STATUSES = ['Created', 'WaitingForPayment'] as const;

/** Which of `skus` the player has paid orders for in the game (as main or bundled product). */
export async function paidSkus(db: Db, accountId: string, gameId: string, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await db
    .selectFrom('order_products')
    .innerJoin('orders', 'orders.id', 'order_products.order_id')
    .select('order_products.sku')
    .distinct()
    .where('orders.account_id', '=', accountId)
    .where('orders.game_id', '=', gameId)
    .where('orders.status', 'in', [...PAID_STATUSES])
    .where('order_products.sku', 'in', skus)
    .execute();
  return new Set(rows.map((row) => row.sku));
}

/** The player's orders of a one-time sku whose checkout is still open. */
export function openExclusiveOrders(db: Db, accountId: string, gameId: string, sku: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('game_id', '=', gameId)
    .where('exclusive_sku', '=', sku)
    .where('status', 'in', [...OPEN_STATUSES])
    .execute();
}

/** Paid orders of the player in the game that the game has not consumed yet, oldest first. */
export function unconsumedPurchases(db: Db, accountId: string, gameId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('game_id', '=', gameId)
    .where('status', 'in', [...PAID_STATUSES])
    .where('consumed_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The products of several orders, by order id, each list in position order. */
export async function listProductsOfOrders(db: Db, orderIds: string[]): Promise<Map<string, OrderProductRow[]>> {
  const byOrder = new Map<string, OrderProductRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_products')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byOrder.get(row.order_id)?.push(row);
  return byOrder;
}

/**
 * Marks a paid order consumed, only if it is not yet: of two concurrent consumers exactly
 * one gets true (the conditional UPDATE is atomic on both engines).
 */
export async function markConsumedIf(trx: Db, orderId: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ consumed_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('consumed_at', 'is', null)
    .where('status', 'in', [...PAID_STATUSES])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether a database error is a UNIQUE violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** How many transitions were recorded per from → to (metrics). */
export function countTransitions(db: Db) {
  return db
    .selectFrom('order_transitions')
    .select((eb) => ['from_status', 'to_status', eb.fn.countAll<number | string>().as('count')])
    .groupBy(['from_status', 'to_status'])
    .execute();
}
