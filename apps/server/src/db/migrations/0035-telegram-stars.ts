import type { Kysely } from 'kysely';

/**
 * Telegram Stars: the invoices our server made (one per invoice link; its id is the
 * invoice payload) and the charges Telegram reported for them, one row per
 * `telegram_payment_charge_id` (UNIQUE: a repeated successful_payment acts once).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('telegram_invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('telegram_user_id', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('developer_payload', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('telegram_charges')
    .addColumn('charge_id', 'text', (c) => c.primaryKey())
    .addColumn('invoice_id', 'text')
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('telegram_user_id', 'text', (c) => c.notNull())
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('refunded_at', 'bigint')
    .execute();
  await db.schema.createIndex('telegram_charges_invoice').on('telegram_charges').column('invoice_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('telegram_charges').execute();
  await db.schema.dropTable('telegram_invoices').execute();
}
