import type { Kysely } from 'kysely';
import type { Database, SessionsTable } from '../../db/schema.js';

/** All SQL of bearer sessions (stored by the hash of their token, never the token). */
export type Db = Kysely<Database>;

export async function insertSession(db: Db, row: SessionsTable): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The unrevoked session of a token hash, live or expired. */
export function findUnrevokedSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .select(['account_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function revokeSession(db: Db, tokenHash: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
