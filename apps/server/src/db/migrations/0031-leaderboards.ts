import type { Kysely } from 'kysely';

/**
 * Leaderboard scores: each player's best per game, board and period (period_start is the
 * UTC start of the day or week, 0 for a board that never resets). A new period starts new
 * rows; old ones stay as history. rank_score is the score turned so that lower is better
 * (the negated score on a board where higher wins): the index then orders a period's rows
 * best first, so the top, the rows around a player and a player's rank (a count of the
 * better rows) are all forward or backward range scans of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('leaderboard_scores')
    .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
    .addColumn('board', 'text', (c) => c.notNull())
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('score', 'bigint', (c) => c.notNull())
    .addColumn('rank_score', 'bigint', (c) => c.notNull())
    .addColumn('extra', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('leaderboard_scores_pk', ['game_id', 'board', 'period_start', 'account_id'])
    .execute();
  await db.schema
    .createIndex('leaderboard_scores_rank')
    .on('leaderboard_scores')
    .columns(['game_id', 'board', 'period_start', 'rank_score', 'updated_at', 'account_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('leaderboard_scores').execute();
}
