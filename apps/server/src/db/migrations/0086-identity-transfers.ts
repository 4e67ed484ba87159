import type { Kysely } from 'kysely';

/**
 * Moving a sign-in between accounts (spec §7 `authenticate_from_import`): single-use import
 * tokens the holding account makes (by hash), and an audit record of every move, kept when
 * either account is deleted (the ids stay as text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_import_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('identity_type', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createTable('identity_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identity_type', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('from_account_id', 'text', (c) => c.notNull())
    .addColumn('to_account_id', 'text', (c) => c.notNull())
    .addColumn('game', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('identity_transfers_to').on('identity_transfers').column('to_account_id').execute();
  await db.schema.createIndex('identity_transfers_from').on('identity_transfers').column('from_account_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_transfers').execute();
  await db.schema.dropTable('identity_import_tokens').execute();
}
