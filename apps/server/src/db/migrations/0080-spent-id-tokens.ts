import type { Kysely } from 'kysely';

/**
 * Identity-provider tokens already exchanged for a session (Firebase ID tokens), by hash,
 * until they expire: each signs in once, so a token caught in transit cannot start a
 * second session (security.md §12, replay).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('spent_id_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('spent_id_tokens_expires_at').on('spent_id_tokens').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('spent_id_tokens').execute();
}
