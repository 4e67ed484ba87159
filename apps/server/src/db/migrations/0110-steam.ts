import type { Kysely } from 'kysely';

/**
 * Steam: the microtransactions our server opened with InitTxn (one row per orderid, our
 * uint64 handed to Steam, UNIQUE for the app forever) and the Web API auth tickets already
 * exchanged for a session, by hash, so that a ticket caught in transit signs in once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('steam_transactions')
    .addColumn('order_id', 'text', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('app_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('steam_id', 'text', (c) => c.notNull())
    .addColumn('trans_id', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('developer_payload', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('steam_transactions_account')
    .on('steam_transactions')
    .columns(['account_id', 'game_id', 'status'])
    .execute();
  await db.schema
    .createTable('steam_spent_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('steam_spent_tickets').execute();
  await db.schema.dropTable('steam_transactions').execute();
}
