import type { Kysely } from 'kysely';

/**
 * Orders, their products and every status change, the provider events already
 * taken (one row per provider event id, so at-least-once deliveries act once),
 * and the built-in sandbox provider's own record of its checkouts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total_amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('usd_amount', 'bigint')
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('embedding_type', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('developer_payload', 'text')
    .addColumn('pi_email', 'text')
    .addColumn('pi_phone', 'text')
    .addColumn('pi_auto_confirm', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  // A provider's checkout belongs to one order; NULL (no checkout yet) repeats freely on both engines.
  await db.schema
    .createIndex('orders_provider_ref')
    .on('orders')
    .columns(['provider', 'provider_ref'])
    .unique()
    .execute();
  await db.schema.createIndex('orders_account_game').on('orders').columns(['account_id', 'game_id']).execute();

  await db.schema
    .createTable('order_products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('snapshot_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('order_products_position', ['order_id', 'position'])
    .execute();

  await db.schema
    .createTable('order_transitions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_transitions_order').on('order_transitions').columns(['order_id', 'id']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('payment_events_provider_event', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('sandbox_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('public_order_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['sandbox_payments', 'payment_events', 'order_transitions', 'order_products', 'orders']) {
    await db.schema.dropTable(table).execute();
  }
}
