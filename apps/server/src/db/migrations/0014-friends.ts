import type { Kysely } from 'kysely';

/**
 * Friends made through invite links: each account's referral id (what `fxref`
 * carries), friendships stored once per direction, and the latest status update
 * of each player per game.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('referral_ids')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id'))
    .addColumn('ref', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('friendships')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('friend_account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('friendships_pk', ['account_id', 'friend_account_id'])
    .execute();
  await db.schema
    .createTable('friend_statuses')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('friend_statuses_pk', ['account_id', 'game_id'])
    .execute();
  await db.schema.createIndex('friend_statuses_updated').on('friend_statuses').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('friend_statuses').execute();
  await db.schema.dropTable('friendships').execute();
  await db.schema.dropTable('referral_ids').execute();
}
