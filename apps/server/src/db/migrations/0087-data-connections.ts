import type { Kysely } from 'kysely';

/**
 * The player's connected services per game (spec §3, the streaming-service block: UserId,
 * AccessToken, RefreshToken): one row per account, game and service. The tokens are stored
 * sealed (AES-256-GCM, lib/sealed-text.ts), never in clear.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_connections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('game', 'text', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('external_user_id', 'text', (c) => c.notNull())
    .addColumn('external_login', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('access_token_sealed', 'text', (c) => c.notNull())
    .addColumn('refresh_token_sealed', 'text', (c) => c.notNull())
    .addColumn('access_expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('data_connections_account_game_service', ['account_id', 'game', 'service'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_connections').execute();
}
