import type { Kysely } from 'kysely';

/**
 * VK ID sign-ins under way (security.md §1b, §9b): the OAuth `state` (by SHA-256) of each,
 * bound to the browser that started it (the hash of its nonce), the PKCE challenge it
 * announced, the VK ID app, and the account when a signed-in player adds VK ID. A state is
 * spent once, within 10 minutes, by the same browser (and the same account when linking).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vkid_sign_ins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('browser_nonce_hash', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema.createIndex('vkid_sign_ins_expires_at').on('vkid_sign_ins').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('vkid_sign_ins').execute();
}
