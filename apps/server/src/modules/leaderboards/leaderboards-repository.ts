import { type Kysely, sql } from 'kysely';
import type { Database, LeaderboardScoresTable } from '../../db/schema.js';

type Db = Kysely<Database>;

/** One board in one period. */
export interface BoardPeriod {
  gameId: string;
  board: string;
  periodStart: number;
}

/** A score row with the player's profile name. */
export interface ScoreRow {
  account_id: string;
  score: number;
  rank_score: number;
  extra: string | null;
  updated_at: number;
  name: string | null;
}

/**
 * Keeps the player's best of the period: inserts the first score, and replaces it only with a
 * better one (a lower rank_score) in the same statement, so concurrent submits cannot lose the
 * best. True when this score is now the player's best.
 */
export async function submitBest(db: Db, row: LeaderboardScoresTable): Promise<boolean> {
  const result = await db
    .insertInto('leaderboard_scores')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['game_id', 'board', 'period_start', 'account_id'])
        .doUpdateSet({ score: row.score, rank_score: row.rank_score, extra: row.extra, updated_at: row.updated_at })
        .where('leaderboard_scores.rank_score', '>', row.rank_score),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

function rows(db: Db, period: BoardPeriod) {
  return db
    .selectFrom('leaderboard_scores as s')
    .leftJoin('accounts as a', 'a.id', 's.account_id')
    .select(['s.account_id', 's.score', 's.rank_score', 's.extra', 's.updated_at', 'a.name'])
    .where('s.game_id', '=', period.gameId)
    .where('s.board', '=', period.board)
    .where('s.period_start', '=', period.periodStart);
}

/** The best `limit` rows of the period, best first (ties: who reached the score first). */
export function listTop(db: Db, period: BoardPeriod, limit: number): Promise<ScoreRow[]> {
  return rows(db, period)
    .orderBy('s.rank_score')
    .orderBy('s.updated_at')
    .orderBy('s.account_id')
    .limit(limit)
    .execute();
}

export function findScore(db: Db, period: BoardPeriod, accountId: string): Promise<ScoreRow | undefined> {
  return rows(db, period).where('s.account_id', '=', accountId).executeTakeFirst();
}

/** A row's place in the index order, as a tuple the row-value comparisons below use. */
const position = (row: ScoreRow) => sql`(${row.rank_score}, ${row.updated_at}, ${row.account_id})`;
const columns = sql`(s.rank_score, s.updated_at, s.account_id)`;

/**
 * The rank of a row: one more than the rows before it in the index order, counted by the
 * database over an index range (ties broken by time, then account, so every rank is one place).
 */
export async function rankOf(db: Db, period: BoardPeriod, row: ScoreRow): Promise<number> {
  const result = await db
    .selectFrom('leaderboard_scores as s')
    .select((eb) => eb.fn.countAll<number | string>().as('ahead'))
    .where('s.game_id', '=', period.gameId)
    .where('s.board', '=', period.board)
    .where('s.period_start', '=', period.periodStart)
    .where(sql<boolean>`${columns} < ${position(row)}`)
    .executeTakeFirstOrThrow();
  return Number(result.ahead) + 1;
}

/** Up to `count` rows just before (better than) the given one, nearest first. */
export function listBefore(db: Db, period: BoardPeriod, row: ScoreRow, count: number): Promise<ScoreRow[]> {
  return rows(db, period)
    .where(sql<boolean>`${columns} < ${position(row)}`)
    .orderBy('s.rank_score', 'desc')
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.account_id', 'desc')
    .limit(count)
    .execute();
}

/** Up to `count` rows just after (worse than) the given one, nearest first. */
export function listAfter(db: Db, period: BoardPeriod, row: ScoreRow, count: number): Promise<ScoreRow[]> {
  return rows(db, period)
    .where(sql<boolean>`${columns} > ${position(row)}`)
    .orderBy('s.rank_score')
    .orderBy('s.updated_at')
    .orderBy('s.account_id')
    .limit(count)
    .execute();
}
