import { type Kysely, sql } from 'kysely';

/** Buckets per parent bucket; level l groups rank scores by floor(rank_score / 64^l). */
const FANOUT = 64;
/** 64^9 = 2^54: the ninth level holds every safe integer in two buckets (-1 and 0). */
const LEVELS = 9;

/**
 * Per-board, per-period counts of scores by rank-score bucket, at nine levels of coarseness
 * (a 64-ary tree of counts over the whole safe-integer range): a rank is then the sum of at most
 * 63 sibling counts per level plus a count of the player's own finest bucket over the rank
 * index, instead of a count of every better row. Kept by the leaderboards repository in the
 * same transaction as each submit; filled here from the scores already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leaderboard_score_counts')
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('board', 'text', (c) => c.notNull())
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('leaderboard_score_counts_pk', ['game_id', 'board', 'period_start', 'level', 'bucket'])
    .execute();
  for (let level = 1; level <= LEVELS; level++) {
    // Integer literals: a bound number is a REAL in SQLite, and REAL division does not floor.
    const width = sql.lit(FANOUT ** level);
    const bucket = sql`case when rank_score >= 0 then rank_score / ${width} else -((${width} - 1 - rank_score) / ${width}) end`;
    await sql`insert into leaderboard_score_counts (game_id, board, period_start, level, bucket, count)
      select game_id, board, period_start, ${sql.lit(level)}, ${bucket}, count(*)
      from leaderboard_scores group by game_id, board, period_start, ${bucket}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('leaderboard_score_counts').execute();
}
