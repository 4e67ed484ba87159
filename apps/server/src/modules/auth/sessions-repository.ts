import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database, SessionsTable } from '../../db/schema.js';

/** All SQL of bearer sessions (stored by the hash of their token, never the token). */
export type Db = Kysely<Database>;

/** Built once: every sign-in starts a session. */
const insertSessionRow = preparedQuery(
  ['id', 'account_id', 'token_hash', 'created_at', 'expires_at', 'revoked_at'],
  (db, row: SessionsTable) => db.insertInto('sessions').values(row),
);

export async function insertSession(db: Db, row: SessionsTable): Promise<void> {
  await insertSessionRow(db, row);
}

/** Built once: every bearer call the session cache has not seen asks it. */
const unrevokedSession = preparedQuery(['tokenHash'], (db, args: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .select(['account_id', 'expires_at'])
    .where('token_hash', '=', args.tokenHash)
    .where('revoked_at', 'is', null),
);

/** The unrevoked session of a token hash, live or expired. */
export async function findUnrevokedSession(db: Db, tokenHash: string) {
  return (await unrevokedSession(db, { tokenHash })).rows[0];
}

export async function revokeSession(db: Db, tokenHash: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}
