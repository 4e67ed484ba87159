import type { Kysely } from 'kysely';

/** Invites that connect a game account (GameUid) to the fxid account of an email address. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_connect_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('game_uid', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_normalized', 'text', (c) => c.notNull())
    .addColumn('locale', 'text')
    .addColumn('redirect_uri', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('result', 'text')
    .addColumn('account_id', 'text', (c) => c.references('accounts.id'))
    .execute();
  // The latest invite of a game account (status) and the recent ones of an address (rate limit).
  await db.schema
    .createIndex('game_connect_invites_game_uid')
    .on('game_connect_invites')
    .columns(['game_id', 'game_uid', 'created_at'])
    .execute();
  await db.schema
    .createIndex('game_connect_invites_email')
    .on('game_connect_invites')
    .columns(['email_normalized', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('game_connect_invites').execute();
}
