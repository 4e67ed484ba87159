import type { Kysely } from 'kysely';

/**
 * Odnoklassniki payment transactions: binds each OK `transaction_id` to the purchase
 * reference the portal passed in `extra_attributes`, one to one, so one OK transaction
 * pays one order and one reference is paid by one transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ok_transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('purchase_ref', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ok_transactions_transaction', ['game_id', 'transaction_id'])
    .addUniqueConstraint('ok_transactions_purchase_ref', ['game_id', 'purchase_ref'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ok_transactions').execute();
}
