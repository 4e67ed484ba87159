import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/database.js';
import type { Database, LeaderboardScoresTable } from '../../db/schema.js';
import * as counts from './leaderboard-counts-repository.js';

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
 * Keeps the player's best of the period and the period's counts with it, in one transaction:
 * inserts the first score; otherwise reads the stored one under a row lock (PostgreSQL; SQLite
 * runs one writer at a time) and replaces it only with a better one (a lower rank_score), so
 * concurrent submits can neither lose the best nor count a score twice. True when this score is
 * now the player's best.
 */
export function submitBest(db: Db, row: LeaderboardScoresTable): Promise<boolean> {
  const period = { gameId: row.game_id, board: row.board, periodStart: row.period_start };
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('leaderboard_scores')
      .values(row)
      .onConflict((oc) => oc.columns(['game_id', 'board', 'period_start', 'account_id']).doNothing())
      .executeTakeFirst();
    if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) {
      await counts.moveScore(trx, period, null, row.rank_score);
      return true;
    }
    const stored = trx
      .selectFrom('leaderboard_scores')
      .select('rank_score')
      .where('game_id', '=', row.game_id)
      .where('board', '=', row.board)
      .where('period_start', '=', row.period_start)
      .where('account_id', '=', row.account_id);
    const old = await (isPostgres(trx) ? stored.forUpdate() : stored).executeTakeFirstOrThrow();
    if (old.rank_score <= row.rank_score) return false;
    await trx
      .updateTable('leaderboard_scores')
      .set({ score: row.score, rank_score: row.rank_score, extra: row.extra, updated_at: row.updated_at })
      .where('game_id', '=', row.game_id)
      .where('board', '=', row.board)
      .where('period_start', '=', row.period_start)
      .where('account_id', '=', row.account_id)
      .execute();
    await counts.moveScore(trx, period, old.rank_score, row.rank_score);
    return true;
  });
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
 * The rank of a row: one more than the rows before it in the index order (ties broken by time,
 * then account, so every rank is one place). The rows in better buckets come from the counts
 * (leaderboard-counts-repository.ts); only the row's own bucket of 64 rank scores is counted
 * over the rank index.
 */
export async function rankOf(db: Db, period: BoardPeriod, row: ScoreRow): Promise<number> {
  const bucketStart = Math.floor(row.rank_score / counts.FANOUT) * counts.FANOUT;
  const [inBuckets, inBucket] = await Promise.all([
    counts.countBeforeBucket(db, period, row.rank_score),
    db
      .selectFrom('leaderboard_scores as s')
      .select((eb) => eb.fn.countAll<number | string>().as('ahead'))
      .where('s.game_id', '=', period.gameId)
      .where('s.board', '=', period.board)
      .where('s.period_start', '=', period.periodStart)
      // Both bounds on rank_score, besides the row comparison: PostgreSQL estimates a row-value
      // comparison as a third of the table and would scan all of it.
      .where('s.rank_score', '>=', bucketStart)
      .where('s.rank_score', '<=', row.rank_score)
      .where(sql<boolean>`${columns} < ${position(row)}`)
      .executeTakeFirstOrThrow(),
  ]);
  return inBuckets + Number(inBucket.ahead) + 1;
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
