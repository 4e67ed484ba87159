import type { Kysely } from 'kysely';
import type { Database, TempTokensTable } from '../../db/schema.js';
import { spendToken } from '../../db/single-use-tokens.js';
import { newId } from '../../lib/ids.js';

/** All SQL of temp tokens. */
export type Db = Kysely<Database>;

/** Stores a temp token tied to the session whose bearer token hashes to `sessionTokenHash`. */
export async function insertTempToken(
  db: Db,
  row: Omit<TempTokensTable, 'id' | 'session_id' | 'consumed_at'>,
  sessionTokenHash: string,
): Promise<void> {
  await db
    .insertInto('temp_tokens')
    .values({
      id: newId(),
      ...row,
      session_id: (eb) => eb.selectFrom('sessions').select('id').where('token_hash', '=', sessionTokenHash),
      consumed_at: null,
    })
    .execute();
}

/** Spends a temp token once, only while the session that made it is live (else `refused`). */
export function spendTempToken(db: Db, tokenHash: string, now: number) {
  return spendToken(db, 'temp_tokens', tokenHash, now, (eb) =>
    eb(
      'session_id',
      'in',
      eb.selectFrom('sessions').select('id').where('revoked_at', 'is', null).where('expires_at', '>', now),
    ),
  );
}
