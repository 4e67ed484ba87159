import type { Kysely } from 'kysely';

/**
 * Purchases a host platform reported (VK order status notifications, …): one row
 * per platform order, so a repeated notification finds the answer it got before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_purchases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('external_order_id', 'text', (c) => c.notNull())
    .addColumn('app_order_id', 'bigint', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('external_amount', 'integer', (c) => c.notNull())
    .addColumn('test', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('platform_purchases_external_order', ['platform', 'game_id', 'external_order_id', 'test'])
    .addUniqueConstraint('platform_purchases_app_order', ['app_order_id'])
    .execute();
  await db.schema.createIndex('platform_purchases_order').on('platform_purchases').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('platform_purchases').execute();
}
