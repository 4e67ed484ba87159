import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Stores new keys (their hashes) of one branch, all or none. */
export async function insertKeys(
  db: Kysely<Database>,
  rows: { id: string; key_hash: string; game_id: string; branch: string; created_at: number }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const row of rows) await trx.insertInto('launcher_keys').values(row).execute();
  });
}

export function findKeyByHash(db: Db, keyHash: string) {
  return db.selectFrom('launcher_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

/** Marks a key activated by an account, only if no one did before; false when another call won. */
export async function claimKey(db: Db, keyId: string, accountId: string, now: number): Promise<boolean> {
  const claimed = await db
    .updateTable('launcher_keys')
    .set({ activated_by: accountId, activated_at: now })
    .where('id', '=', keyId)
    .where('activated_by', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function insertBranchAccess(
  db: Db,
  row: { account_id: string; game_id: string; branch: string; key_id: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('launcher_branch_access')
    .values(row)
    .onConflict((conflict) => conflict.columns(['account_id', 'game_id', 'branch']).doNothing())
    .execute();
}

/** The branches of a game an account unlocked with keys. */
export async function unlockedBranches(db: Db, accountId: string, gameId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('launcher_branch_access')
    .select('branch')
    .where('account_id', '=', accountId)
    .where('game_id', '=', gameId)
    .execute();
  return new Set(rows.map((row) => row.branch));
}

export async function insertDownloadSession(
  db: Db,
  row: {
    token_hash: string;
    game_id: string;
    branch: string;
    artifact: string;
    account_id: string | null;
    created_at: number;
    expires_at: number;
  },
): Promise<void> {
  await db.insertInto('launcher_download_sessions').values(row).execute();
}

/** Forgets sessions that expired before `before`; they can no longer be used anyway. */
export async function deleteExpiredSessions(db: Db, before: number): Promise<void> {
  await db.deleteFrom('launcher_download_sessions').where('expires_at', '<', before).execute();
}
