import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, GameConnectInvitesTable } from '../../db/schema.js';
import { spendToken } from '../../db/single-use-tokens.js';

type Db = Kysely<Database>;
export type ConnectInviteRow = Selectable<GameConnectInvitesTable>;

export async function insertConnectInvite(db: Db, row: Insertable<GameConnectInvitesTable>): Promise<void> {
  await db.insertInto('game_connect_invites').values(row).execute();
}

/** How many connect invites went to an address, or were asked for a game account, since a time. */
export async function countRecentInvites(
  db: Db,
  by: { emailNormalized: string } | { gameId: string; gameUid: string },
  since: number,
): Promise<number> {
  let query = db
    .selectFrom('game_connect_invites')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('created_at', '>', since);
  query =
    'emailNormalized' in by
      ? query.where('email_normalized', '=', by.emailNormalized)
      : query.where('game_id', '=', by.gameId).where('game_uid', '=', by.gameUid);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The newest invite for a game account. */
export function latestInvite(db: Db, gameId: string, gameUid: string): Promise<ConnectInviteRow | undefined> {
  return db
    .selectFrom('game_connect_invites')
    .selectAll()
    .where('game_id', '=', gameId)
    .where('game_uid', '=', gameUid)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Uses up a live invite, atomically: of two clicks at once only one gets the row. */
/** Spends a game-connect invite once (unknown, used or expired: not spent). */
export function spendInvite(db: Db, tokenHash: string, now: number) {
  return spendToken(db, 'game_connect_invites', tokenHash, now);
}

export async function recordInviteResult(db: Db, id: string, result: string, accountId: string | null): Promise<void> {
  await db.updateTable('game_connect_invites').set({ result, account_id: accountId }).where('id', '=', id).execute();
}
