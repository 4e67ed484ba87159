import type { LeaderboardInfo } from '@fxid/sdk/host';
import { describe, expect, it } from 'vitest';
import { yandexLeaderboards } from './yandex-leaderboards.js';
import type { YaLeaderboardEntry, YaLeaderboards } from './yandex-sdk.js';

const BOARD: LeaderboardInfo = {
  name: 'best-score',
  title: 'Best score',
  sortOrder: 'desc',
  format: 'number',
  decimals: 2,
  resetPeriod: 'none',
  periodStart: 0,
  periodEnd: null,
  minScore: 0,
  maxScore: 100000,
};

/**
 * Yandex's leaderboards as its SDK answers them: the latest score set stays (so the adapter's
 * best-score rule is what keeps the best), ranks from 1, a player without a score is
 * LEADERBOARD_PLAYER_NOT_PRESENT, and quantityTop / quantityAround are honoured.
 */
function fakeYandex(me: string, others: Record<string, number> = {}) {
  const scores = new Map<string, { score: number; extra?: string }>(
    Object.entries(others).map(([id, score]) => [id, { score }]),
  );
  const sets: number[] = [];
  const ranked = (): YaLeaderboardEntry[] =>
    [...scores.entries()]
      .sort((a, b) => b[1].score - a[1].score)
      .map(([id, row], index) => ({
        score: row.score,
        rank: index + 1,
        ...(row.extra ? { extraData: row.extra } : {}),
        player: {
          uniqueID: id,
          publicName: id === 'hidden' ? '' : `Player ${id}`,
          getAvatarSrc: () => `https://ya/${id}`,
        },
      }));
  const api: YaLeaderboards = {
    setLeaderboardScore: async (_name, score, extra) => {
      sets.push(score);
      scores.set(me, { score, ...(extra ? { extra } : {}) });
    },
    getLeaderboardEntries: async (_name, options = {}) => {
      const rows = ranked();
      const top = rows.slice(0, options.quantityTop ?? 5);
      const mine = rows.findIndex((row) => row.player.uniqueID === me);
      const around =
        options.includeUser && mine >= 0
          ? rows.slice(Math.max(0, mine - (options.quantityAround ?? 5)), mine + (options.quantityAround ?? 5) + 1)
          : [];
      const unique = new Map([...top, ...around].map((row) => [row.rank, row]));
      return { entries: [...unique.values()], userRank: mine + 1 };
    },
    getLeaderboardPlayerEntry: async () => {
      const row = ranked().find((entry) => entry.player.uniqueID === me);
      if (!row) throw Object.assign(new Error('No entry'), { code: 'LEADERBOARD_PLAYER_NOT_PRESENT' });
      return row;
    },
  };
  return { api, sets, scores };
}

describe('Yandex leaderboards', () => {
  it('submits only a better score, and answers the player’s row in the catalog’s format', async () => {
    const yandex = fakeYandex('me', { a: 5000, b: 3000 });
    const boards = yandexLeaderboards(
      async () => yandex.api,
      async () => ({ uniqueID: 'me', authorized: true }),
    );
    expect(await boards.player(BOARD)).toBeNull();
    const first = await boards.submit(BOARD, 4000, 'storm-3');
    expect(first).toEqual({
      improved: true,
      entry: {
        rank: 2,
        score: 4000,
        formattedScore: '40.00',
        name: 'Player me',
        avatarUrl: 'https://ya/me',
        extra: 'storm-3',
        isPlayer: true,
      },
    });
    // A worse score is not sent: Yandex keeps the last one set, fxid's rule keeps the best.
    const worse = await boards.submit(BOARD, 100);
    expect(worse).toMatchObject({ improved: false, entry: { score: 4000, rank: 2 } });
    expect(yandex.sets).toEqual([4000]);
    expect(await boards.submit(BOARD, 6000)).toMatchObject({ improved: true, entry: { rank: 1 } });
  });

  it('keeps the lower score on an ascending board', async () => {
    const yandex = fakeYandex('me');
    const boards = yandexLeaderboards(
      async () => yandex.api,
      async () => ({ uniqueID: 'me', authorized: true }),
    );
    const times = { ...BOARD, sortOrder: 'asc' as const, format: 'time' as const, decimals: 0 };
    await boards.submit(times, 62_500);
    expect(await boards.submit(times, 70_000)).toMatchObject({ improved: false });
    expect(await boards.submit(times, 61_000)).toMatchObject({
      improved: true,
      entry: { score: 61_000, formattedScore: '1:01.00' },
    });
    expect(yandex.sets).toEqual([62_500, 61_000]);
  });

  it('lists the top within Yandex’s 20 rows, and the rows around the player', async () => {
    const others = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`p${index}`, 1000 + index * 10]));
    const yandex = fakeYandex('me', others);
    const boards = yandexLeaderboards(
      async () => yandex.api,
      async () => ({ uniqueID: 'me', authorized: true }),
    );
    await boards.submit(BOARD, 1205);
    const top = await boards.top(BOARD, { limit: 50 });
    expect(top.entries).toHaveLength(20);
    expect(top.entries.map((entry) => entry.rank)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(top.player).toMatchObject({ rank: 20, isPlayer: true });
    expect(top.leaderboard).toBe(BOARD);
    const near = await boards.top(BOARD, { limit: 10, around: 'player' });
    const ranks = near.entries.map((entry) => entry.rank);
    expect(ranks).toContain(20);
    expect(ranks.every((rank) => Math.abs(rank - 20) <= 10)).toBe(true);
    expect(near.entries.filter((entry) => entry.isPlayer)).toHaveLength(1);
  });

  it('tells a Yandex guest `guest` on submit and shows them the top without a row of their own', async () => {
    const yandex = fakeYandex('me', { a: 10 });
    const boards = yandexLeaderboards(
      async () => yandex.api,
      async () => ({ uniqueID: 'me', authorized: false }),
    );
    await expect(boards.submit(BOARD, 5)).rejects.toMatchObject({ code: 'guest' });
    expect(yandex.sets).toEqual([]);
    const page = await boards.top(BOARD, { limit: 10, around: 'player' });
    expect(page.entries.map((entry) => entry.rank)).toEqual([1]);
    expect(page.player).toBeNull();
    expect(await boards.player(BOARD)).toBeNull();
  });

  it('turns Yandex’s refusals into coded errors', async () => {
    const yandex = fakeYandex('me');
    yandex.api.setLeaderboardScore = async () => {
      throw new Error('Too many requests');
    };
    const boards = yandexLeaderboards(
      async () => yandex.api,
      async () => ({ uniqueID: 'me', authorized: true }),
    );
    await expect(boards.submit(BOARD, 5)).rejects.toMatchObject({ code: 'rate_limited' });
    yandex.api.getLeaderboardEntries = async () => {
      throw { code: 'LEADERBOARD_NOT_FOUND', message: 'No such leaderboard' };
    };
    await expect(boards.top(BOARD, { limit: 5 })).rejects.toMatchObject({
      code: 'not_available',
      message: 'Yandex: LEADERBOARD_NOT_FOUND: No such leaderboard',
    });
  });
});
