import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** All SQL of external-id vouchers and refresh tokens. */
type Db = Kysely<Database>;

/** The game whose server first vouched for an external identity, if any did. */
export async function voucherOf(db: Db, type: string, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('external_id_vouchers')
    .select('game')
    .where('identity_type', '=', type)
    .where('identity_id', '=', id)
    .executeTakeFirst();
  return row?.game;
}

export async function insertVoucher(db: Db, row: { type: string; id: string; game: string }, now: number) {
  await db
    .insertInto('external_id_vouchers')
    .values({ identity_type: row.type, identity_id: row.id, game: row.game, created_at: now })
    .execute();
}

export async function insertRefreshToken(
  db: Db,
  row: { tokenHash: string; accountId: string; game: string; expiresAt: number },
  now: number,
) {
  await db
    .insertInto('external_id_refresh_tokens')
    .values({
      token_hash: row.tokenHash,
      account_id: row.accountId,
      game: row.game,
      created_at: now,
      expires_at: row.expiresAt,
      consumed_at: null,
    })
    .execute();
}
