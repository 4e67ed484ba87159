import type { Kysely } from 'kysely';

/**
 * MY.GAMES ID sign-ins (spec §7 `oauth/mygames/info`, `/transfer`): the OAuth `state` of each
 * (by SHA-256), bound to the browser that started it and the game, spent once within 10 minutes;
 * and the transfer tokens `info` hands out for a verified MY.GAMES user, spent once by `transfer`,
 * which records the account the identity went to (the audit of the transfer).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mygames_sign_ins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('browser_nonce_hash', 'text', (c) => c.notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createTable('mygames_transfer_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('mygames_user_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('account_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mygames_transfer_tokens').execute();
  await db.schema.dropTable('mygames_sign_ins').execute();
}
