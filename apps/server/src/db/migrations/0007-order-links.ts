import type { Kysely } from 'kysely';

/**
 * Capability links of redirect checkouts: a page opened without a session
 * (/Store/ContinueWithPI?Token=…, /Store/MerchantPaymentCompleted/{token}) proves
 * with one of these which order it may see or complete. Only hashes are stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('order_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('target_url', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema.createIndex('order_links_order').on('order_links').columns(['order_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_links').execute();
}
