import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** All SQL of spent identity-provider tokens (kept by hash until they expire). */
type Db = Kysely<Database>;

/**
 * Marks a token spent; false when it already was. One statement, so two sign-ins with one
 * token at once cannot both pass. Rows past their expiry go first: an expired token is
 * refused by its `exp` anyway.
 */
export async function spendIdToken(db: Db, tokenHash: string, expiresAt: number, now: number): Promise<boolean> {
  await db.deleteFrom('spent_id_tokens').where('expires_at', '<', now).execute();
  const inserted = await db
    .insertInto('spent_id_tokens')
    .values({ token_hash: tokenHash, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('token_hash').doNothing())
    .returning('token_hash')
    .executeTakeFirst();
  return inserted !== undefined;
}
