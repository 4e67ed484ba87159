import type { Kysely } from 'kysely';

/**
 * Cloud saves: one row per player, game and key, with a version for optimistic
 * concurrency, and one row per player and game holding the bytes used, which every write
 * locks first so that the quota holds under concurrent writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('storage_items')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value_json', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('storage_items_pk', ['account_id', 'game_id', 'key'])
    .execute();
  await db.schema
    .createTable('storage_usage')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('storage_usage_pk', ['account_id', 'game_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('storage_usage').execute();
  await db.schema.dropTable('storage_items').execute();
}
