import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { newId } from '../../../lib/ids.js';

/** All SQL of identity import tokens and the audit record of moves. */
type Db = Kysely<Database>;

export async function insertImportToken(
  db: Db,
  row: { tokenHash: string; accountId: string; type: string; id: string; expiresAt: number },
  now: number,
) {
  await db
    .insertInto('identity_import_tokens')
    .values({
      token_hash: row.tokenHash,
      account_id: row.accountId,
      identity_type: row.type,
      identity_id: row.id,
      created_at: now,
      expires_at: row.expiresAt,
      consumed_at: null,
    })
    .execute();
}

export async function recordTransfer(
  db: Db,
  row: { type: string; id: string; from: string; to: string; game: string | null },
  now: number,
) {
  await db
    .insertInto('identity_transfers')
    .values({
      id: newId(),
      identity_type: row.type,
      identity_id: row.id,
      from_account_id: row.from,
      to_account_id: row.to,
      game: row.game,
      created_at: now,
    })
    .execute();
}
