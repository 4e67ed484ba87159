import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { accountRow } from '../../test/account-row.js';
import { createTestDatabase, describeEachEngine, type TestDatabase } from '../../test/databases.js';
import { bucketsOf, recount } from './leaderboard-counts-repository.js';
import { type BoardPeriod, findScore, listTop, rankOf, submitBest } from './leaderboards-repository.js';

const PLAYERS = 8;
const NOW = Date.UTC(2026, 10, 26);
/** Rank scores near each other (ties, one bucket), across buckets, and at the safe-integer ends. */
const rankScore = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.integer({ min: -5000, max: 5000 }),
  fc.constantFrom(Number.MIN_SAFE_INTEGER, -(2 ** 40), 2 ** 40, Number.MAX_SAFE_INTEGER),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
);
const submission = fc.record({
  player: fc.integer({ min: 0, max: PLAYERS - 1 }),
  period: fc.constantFrom(0, 1),
  rankScore,
  // 0: the same millisecond as the previous submit, so ties fall to the account id.
  later: fc.constantFrom(0, 1, 1000),
});

interface Best {
  account: string;
  rankScore: number;
  at: number;
}

/** The rank by brute force: one more than the rows before it in (rank score, time, account) order. */
function bruteRank(rows: Best[], row: Best): number {
  const before = (a: Best, b: Best) =>
    a.rankScore !== b.rankScore ? a.rankScore < b.rankScore : a.at !== b.at ? a.at < b.at : a.account < b.account;
  return rows.filter((other) => before(other, row)).length + 1;
}

it('buckets floor at every level, negatives included', () => {
  expect(bucketsOf(0).slice(0, 2)).toEqual([0, 0]);
  expect(bucketsOf(63)[0]).toBe(0);
  expect(bucketsOf(64)[0]).toBe(1);
  expect(bucketsOf(-1).slice(0, 2)).toEqual([-1, -1]);
  expect(bucketsOf(-64)[0]).toBe(-1);
  expect(bucketsOf(-65)[0]).toBe(-2);
  expect(bucketsOf(Number.MAX_SAFE_INTEGER)[8]).toBe(0);
  expect(bucketsOf(Number.MIN_SAFE_INTEGER)[8]).toBe(-1);
});

describeEachEngine('leaderboard ranks from bucket counts', (engine) => {
  let database: TestDatabase;
  let boards = 0;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database.handle;
    await migrateToLatest(db);
    await db
      .insertInto('games')
      .values({ id: 'g', system_name: 'g', sort_order: 0, definition_json: '{}', created_at: NOW, updated_at: NOW })
      .execute();
    for (let i = 0; i < PLAYERS; i++)
      await db
        .insertInto('accounts')
        .values(accountRow(`acc-${i}`, { created_at: NOW, updated_at: NOW }))
        .execute();
  });
  afterAll(() => database.drop());

  it('equal a brute-force ranking over random submissions, keeping each player’s best per period', async () => {
    const { db } = database.handle;
    await fc.assert(
      fc.asyncProperty(fc.array(submission, { minLength: 1, maxLength: 24 }), async (submissions) => {
        const board = `b${boards++}`;
        const periodOf = (periodStart: number): BoardPeriod => ({ gameId: 'g', board, periodStart });
        const best = [new Map<string, Best>(), new Map<string, Best>()];
        let at = NOW;
        for (const { player, period, rankScore: score, later } of submissions) {
          at += later;
          const account = `acc-${player}`;
          const stored = best[period]?.get(account);
          const improved = await submitBest(db, {
            game_id: 'g',
            board,
            period_start: period,
            account_id: account,
            score: -score,
            rank_score: score,
            extra: null,
            updated_at: at,
          });
          expect(improved).toBe(!stored || score < stored.rankScore);
          if (improved) best[period]?.set(account, { account, rankScore: score, at });
        }
        for (const period of [0, 1]) {
          const rows = [...(best[period]?.values() ?? [])];
          for (const row of rows) {
            const found = await findScore(db, periodOf(period), row.account);
            if (!found) throw new Error(`no score for ${row.account}`);
            expect(await rankOf(db, periodOf(period), found)).toBe(bruteRank(rows, row));
          }
          const top = await listTop(db, periodOf(period), 100);
          expect(top.map((row) => row.account_id)).toEqual(
            [...rows].sort((a, b) => bruteRank(rows, a) - bruteRank(rows, b)).map((row) => row.account),
          );
        }
        // The counts kept submit by submit equal those rebuilt from the scores (the migration's SQL).
        const kept = await countsOf(board);
        for (const period of [0, 1]) await recount(db, periodOf(period));
        expect(await countsOf(board)).toEqual(kept);
      }),
      { numRuns: engine === 'postgres' ? 25 : 60 },
    );
  });

  it('keep every score counted once when submits run at the same time (PostgreSQL: many connections)', async () => {
    const { db } = database.handle;
    const board = 'concurrent';
    const period: BoardPeriod = { gameId: 'g', board, periodStart: 0 };
    // 80 submits from 8 players at once: new players' first scores and improvements race on the
    // same coarse count rows and on each player's row.
    const scores = Array.from({ length: 80 }, (_, index) => ({
      player: index % PLAYERS,
      rankScore: (index * 7919) % 1000,
    }));
    await Promise.all(
      scores.map(({ player, rankScore }, index) =>
        submitBest(db, {
          game_id: 'g',
          board,
          period_start: 0,
          account_id: `acc-${player}`,
          score: -rankScore,
          rank_score: rankScore,
          extra: null,
          updated_at: NOW + index,
        }),
      ),
    );
    const kept = await countsOf(board);
    await recount(db, period);
    expect(await countsOf(board)).toEqual(kept);
    const top = await listTop(db, period, 100);
    expect(top).toHaveLength(PLAYERS);
    for (const [index, row] of top.entries()) expect(await rankOf(db, period, row)).toBe(index + 1);
  });

  async function countsOf(board: string) {
    const rows = await database.handle.db
      .selectFrom('leaderboard_score_counts')
      .select(['period_start', 'level', 'bucket', 'count'])
      .where('board', '=', board)
      .where('count', '<>', 0)
      .orderBy('period_start')
      .orderBy('level')
      .orderBy('bucket')
      .execute();
    return rows.map((row) => `${row.period_start}/${row.level}/${row.bucket}=${Number(row.count)}`);
  }
});
