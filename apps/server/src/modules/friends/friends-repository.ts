import type { Kysely } from 'kysely';
import type { Database, FriendStatusesTable } from '../../db/schema.js';

type Db = Kysely<Database>;

export async function findReferral(db: Db, accountId: string): Promise<string | undefined> {
  const row = await db.selectFrom('referral_ids').select('ref').where('account_id', '=', accountId).executeTakeFirst();
  return row?.ref;
}

/** Stores a referral id unless the account already has one (a concurrent request may have won). */
export async function insertReferral(db: Db, accountId: string, ref: string, now: number): Promise<void> {
  await db
    .insertInto('referral_ids')
    .values({ account_id: accountId, ref, created_at: now })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .execute();
}

export async function findAccountByReferral(db: Db, ref: string): Promise<string | undefined> {
  const row = await db.selectFrom('referral_ids').select('account_id').where('ref', '=', ref).executeTakeFirst();
  return row?.account_id;
}

/** Makes two accounts friends both ways; true when they were not friends before. */
export async function insertFriendship(db: Db, a: string, b: string, now: number): Promise<boolean> {
  const result = await db
    .insertInto('friendships')
    .values([
      { account_id: a, friend_account_id: b, created_at: now },
      { account_id: b, friend_account_id: a, created_at: now },
    ])
    .onConflict((oc) => oc.columns(['account_id', 'friend_account_id']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function upsertStatus(db: Db, values: FriendStatusesTable): Promise<void> {
  const { name, status, priority, updated_at } = values;
  await db
    .insertInto('friend_statuses')
    .values(values)
    .onConflict((oc) => oc.columns(['account_id', 'game_id']).doUpdateSet({ name, status, priority, updated_at }))
    .execute();
}

/** Status updates are kept a year (spec §9); older ones are dropped as new ones arrive. */
export async function deleteStatusesBefore(db: Db, before: number): Promise<void> {
  await db.deleteFrom('friend_statuses').where('updated_at', '<', before).execute();
}

export interface FriendRow {
  friend_account_id: string;
  account_name: string | null;
  befriended_at: number;
  game_id: string | null;
  game: string | null;
  name: string | null;
  status: string | null;
  priority: number | null;
  updated_at: number | null;
}

/** The most friends one list shows; inviting more than this many is not a use the portal has. */
export const FRIENDS_LIMIT = 1000;

/** An account's friends, one row per friend and game with a status update since `since` (or one bare row). */
export function listFriendRows(db: Db, accountId: string, since: number, only?: string[]): Promise<FriendRow[]> {
  let query = db
    .selectFrom('friendships as f')
    .innerJoin('accounts as a', 'a.id', 'f.friend_account_id')
    .leftJoin('friend_statuses as s', (join) =>
      join.onRef('s.account_id', '=', 'f.friend_account_id').on('s.updated_at', '>=', since),
    )
    .leftJoin('games as g', 'g.id', 's.game_id')
    .select([
      'f.friend_account_id',
      'a.name as account_name',
      'f.created_at as befriended_at',
      's.game_id',
      'g.system_name as game',
      's.name',
      's.status',
      's.priority',
      's.updated_at',
    ])
    .where('f.account_id', '=', accountId);
  if (only) query = query.where('f.friend_account_id', 'in', only.length > 0 ? only : ['']);
  return query
    .orderBy('f.created_at', 'desc')
    .limit(FRIENDS_LIMIT * 4)
    .execute();
}
