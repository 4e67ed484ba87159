import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BoardPeriod } from './leaderboards-repository.js';

type Db = Kysely<Database>;

/**
 * A rank is counted from leaderboard_score_counts, a 64-ary tree of score counts per board and
 * period: level l counts scores by floor(rank_score / 64^l), levels 1…9 (64^9 = 2^54 covers
 * every safe integer). The rows better than a score are those in the earlier sibling buckets
 * at each level (≤ 63 count rows per level) plus those in its own level-1 bucket (64 adjacent
 * rank scores) before it, counted over the rank index. A rank costs ≤ 9 × 63 small reads and one
 * short index range however many scores the board holds, where a count of every better row
 * grew with the board; a submit costs one multi-row upsert of the buckets that changed.
 */
export const FANOUT = 64;
export const LEVELS = 9;

/** The buckets of a rank score at levels 1…LEVELS (index 0 is level 1). */
export function bucketsOf(rankScore: number): number[] {
  // Division by a power of two is exact for safe integers, so floor() is exact too.
  return Array.from({ length: LEVELS }, (_, index) => Math.floor(rankScore / FANOUT ** (index + 1)));
}

/**
 * Moves one score from `from` to `to` (either absent: a new score, or one removed) in the
 * counts. Rows change in one statement in a fixed order (coarsest level first, then bucket), so
 * concurrent submits on one board lock count rows in the same order and never deadlock; the
 * coarse rows they share serialise new players' first submits on a board for one statement.
 */
export async function moveScore(db: Db, period: BoardPeriod, from: number | null, to: number | null) {
  const deltas = new Map<string, { level: number; bucket: number; count: number }>();
  const add = (rankScore: number | null, count: number) => {
    if (rankScore === null) return;
    bucketsOf(rankScore).forEach((bucket, index) => {
      const key = `${index + 1}:${bucket}`;
      const delta = deltas.get(key) ?? { level: index + 1, bucket, count: 0 };
      delta.count += count;
      deltas.set(key, delta);
    });
  };
  add(from, -1);
  add(to, 1);
  const rows = [...deltas.values()]
    .filter((delta) => delta.count !== 0)
    .sort((a, b) => b.level - a.level || a.bucket - b.bucket)
    .map((delta) => ({ game_id: period.gameId, board: period.board, period_start: period.periodStart, ...delta }));
  if (rows.length === 0) return;
  await db
    .insertInto('leaderboard_score_counts')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['game_id', 'board', 'period_start', 'level', 'bucket'])
        .doUpdateSet({ count: sql`leaderboard_score_counts.count + excluded.count` }),
    )
    .execute();
}

/** How many scores of the period lie in buckets before `rankScore`'s own level-1 bucket. */
export async function countBeforeBucket(db: Db, period: BoardPeriod, rankScore: number): Promise<number> {
  const buckets = bucketsOf(rankScore);
  const ranges = buckets.flatMap((bucket, index) => {
    const level = index + 1;
    // The earlier siblings under the same parent; at the top level, every earlier bucket.
    const first = level === LEVELS ? null : (buckets[index + 1] ?? 0) * FANOUT;
    if (first === bucket) return [];
    const from = first === null ? sql`` : sql` and bucket >= ${first}`;
    return [
      sql`select count from leaderboard_score_counts where game_id = ${period.gameId}
      and board = ${period.board} and period_start = ${period.periodStart}
      and level = ${level}${from} and bucket < ${bucket}`,
    ];
  });
  if (ranges.length === 0) return 0;
  const result = await sql<{ ahead: number | string | null }>`select sum(count) as ahead
    from (${sql.join(ranges, sql` union all `)}) as siblings`.execute(db);
  return Number(result.rows[0]?.ahead ?? 0);
}

/** Rebuilds a period's counts from its scores (for data written around the repository, e.g. the bench). */
export async function recount(db: Db, period: BoardPeriod): Promise<void> {
  const key = sql`game_id = ${period.gameId} and board = ${period.board} and period_start = ${period.periodStart}`;
  await db.transaction().execute(async (trx) => {
    await sql`delete from leaderboard_score_counts where ${key}`.execute(trx);
    for (let level = 1; level <= LEVELS; level++) {
      const width = sql.lit(FANOUT ** level);
      const bucket = sql`case when rank_score >= 0 then rank_score / ${width} else -((${width} - 1 - rank_score) / ${width}) end`;
      await sql`insert into leaderboard_score_counts (game_id, board, period_start, level, bucket, count)
        select game_id, board, period_start, ${sql.lit(level)}, ${bucket}, count(*)
        from leaderboard_scores where ${key} group by game_id, board, period_start, ${bucket}`.execute(trx);
    }
  });
}
