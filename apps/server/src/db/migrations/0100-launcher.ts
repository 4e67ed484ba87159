import type { Kysely } from 'kysely';

/**
 * The launcher: keys (only their SHA-256 is kept), the branches each account unlocked with
 * one, and download sessions. Branches, releases and artifacts themselves are catalog data.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('launcher_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('activated_by', 'text', (c) => c.references('accounts.id'))
    .addColumn('activated_at', 'bigint')
    .execute();
  await db.schema
    .createTable('launcher_branch_access')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull().references('launcher_keys.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('launcher_branch_access_pk', ['account_id', 'game_id', 'branch'])
    .execute();
  await db.schema
    .createTable('launcher_download_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('branch', 'text', (c) => c.notNull())
    .addColumn('artifact', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('launcher_download_sessions_expires')
    .on('launcher_download_sessions')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('launcher_download_sessions').execute();
  await db.schema.dropTable('launcher_branch_access').execute();
  await db.schema.dropTable('launcher_keys').execute();
}
