import type { Kysely } from 'kysely';

/**
 * External-id sign-in (spec §7 `authenticate_with_external_id`): which game's server vouched
 * for each external identity first (only that game may vouch for it again, so one game cannot
 * sign in to accounts another game's players made), and the single-use refresh tokens a game
 * exchanges for new sets of tokens, stored as hashes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('external_id_vouchers')
    .addColumn('identity_type', 'text', (c) => c.notNull())
    .addColumn('identity_id', 'text', (c) => c.notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('external_id_vouchers_pk', ['identity_type', 'identity_id'])
    .execute();
  await db.schema
    .createTable('external_id_refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('external_id_refresh_tokens_account')
    .on('external_id_refresh_tokens')
    .column('account_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('external_id_refresh_tokens').execute();
  await db.schema.dropTable('external_id_vouchers').execute();
}
