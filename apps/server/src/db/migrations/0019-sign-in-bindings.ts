import type { Kysely } from 'kysely';

/**
 * What ties a sign-in token to where it came from.
 *
 * - `email_invites.browser_nonce_hash`: SHA-256 of a nonce kept by the browser that asked
 *   for the link. That browser signs in with one click; any other browser must confirm
 *   (login CSRF and link scanners, security.md §12 row 32). `requested_on` names the
 *   asking device ("Firefox on Windows") for that confirmation.
 * - `temp_tokens.session_id`: the session that made the token; signing out ends it too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('email_invites').addColumn('browser_nonce_hash', 'text').execute();
  await db.schema.alterTable('email_invites').addColumn('requested_on', 'text').execute();
  await db.schema.alterTable('temp_tokens').addColumn('session_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('temp_tokens').dropColumn('session_id').execute();
  await db.schema.alterTable('email_invites').dropColumn('requested_on').execute();
  await db.schema.alterTable('email_invites').dropColumn('browser_nonce_hash').execute();
}
