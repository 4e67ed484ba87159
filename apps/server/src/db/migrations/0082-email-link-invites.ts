import type { Kysely } from 'kysely';

/**
 * An email invite can add its address to a signed-in account instead of signing in
 * (`link_account_id`): a player known by Google, VK ID or a platform adds an email. Such a
 * link is spent only by the browser that asked (no confirmation path), so nobody can attach
 * their address to someone else's account by sending them a link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_invites').addColumn('link_account_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_invites').dropColumn('link_account_id').execute();
}
