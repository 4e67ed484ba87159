import { formatScore } from '@fxid/contract/leaderboard-format';
import type { LeaderboardEntry, LeaderboardInfo } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
import type { HostLeaderboards } from '../adapter.js';
import { type YaLeaderboardEntry, type YaLeaderboards, yandexErrorText } from './yandex-sdk.js';

/** Yandex answers at most 20 rows from the top and 10 on either side of the player. */
export const YANDEX_TOP_MAX = 20;
export const YANDEX_AROUND_MAX = 10;

/** The Yandex player the boards answer for: their id, and whether Yandex lets them submit. */
export interface YandexBoardPlayer {
  uniqueID: string;
  authorized: boolean;
}

const NOT_PRESENT = 'LEADERBOARD_PLAYER_NOT_PRESENT';

const isBetter = (board: LeaderboardInfo, score: number, than: number) =>
  board.sortOrder === 'asc' ? score < than : score > than;

/** What Yandex said, as the SDK's error: its rate limit is `rate_limited`, the rest `not_available`. */
function boardError(error: unknown): SdkError {
  if (error instanceof SdkError) return error;
  const text = yandexErrorText(error);
  return new SdkError(/too many|rate|limit/i.test(text) ? 'rate_limited' : 'not_available', `Yandex: ${text}`);
}

/**
 * The catalog's boards kept in Yandex's leaderboards (ysdk.getLeaderboards(), platform-protocols.md
 * §13a), each Yandex board named as the catalog's. Scores are shown in the catalog's format; fxid's
 * best-score rule holds (a submit that is not better than the player's score there is not sent, so
 * Yandex's own rule does not matter); only a player signed in to Yandex has a row.
 */
export function yandexLeaderboards(
  boards: () => Promise<YaLeaderboards>,
  player: () => Promise<YandexBoardPlayer | null>,
): HostLeaderboards {
  const entryOf = (board: LeaderboardInfo, row: YaLeaderboardEntry, me: string | undefined): LeaderboardEntry => {
    const avatar = row.player.getAvatarSrc?.('small');
    return {
      rank: row.rank,
      score: row.score,
      formattedScore: formatScore(
        { ScoreFormat: board.format === 'time' ? 'Time' : 'Number', Decimals: board.decimals },
        row.score,
      ),
      // Yandex leaves the name empty for a player who hides it; the portal shows its "unnamed" word.
      name: row.player.publicName ?? '',
      avatarUrl: avatar || null,
      ...(row.extraData ? { extra: row.extraData } : {}),
      isPlayer: me !== undefined && row.player.uniqueID === me,
    };
  };
  const call = async <T>(work: (lb: YaLeaderboards) => Promise<T>): Promise<T> => {
    try {
      return await work(await boards());
    } catch (error) {
      throw boardError(error);
    }
  };
  /** The player's row, or null when they have none on this board (or are a guest). */
  const ownRow = async (board: LeaderboardInfo, me: YandexBoardPlayer | null) => {
    if (!me?.authorized) return null;
    try {
      return await (await boards()).getLeaderboardPlayerEntry(board.name);
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === NOT_PRESENT) return null;
      throw boardError(error);
    }
  };
  return {
    async submit(board, score, extra) {
      const me = await player();
      if (!me?.authorized) throw new SdkError('guest', 'Yandex keeps scores only of players signed in to Yandex');
      const before = await ownRow(board, me);
      const improved = !before || isBetter(board, score, before.score);
      if (improved) await call((lb) => lb.setLeaderboardScore(board.name, score, extra));
      const after = await ownRow(board, me);
      if (!after) throw new SdkError('not_available', `Yandex kept no score on ${board.name}`);
      return { improved, entry: entryOf(board, after, me.uniqueID) };
    },
    async top(board, { limit, around }) {
      const me = await player();
      const near = around === 'player' && me?.authorized;
      const options = near
        ? {
            includeUser: true,
            quantityTop: 1,
            quantityAround: Math.min(YANDEX_AROUND_MAX, Math.max(1, Math.floor(limit / 2))),
          }
        : { includeUser: false, quantityTop: Math.min(YANDEX_TOP_MAX, limit) };
      const [answer, own] = await Promise.all([
        call((lb) => lb.getLeaderboardEntries(board.name, options)),
        ownRow(board, me),
      ]);
      let rows = [...answer.entries].sort((a, b) => a.rank - b.rank);
      // Around the player Yandex also sends the top row: keep the rows next to the player.
      if (near && own) rows = rows.filter((row) => Math.abs(row.rank - own.rank) <= YANDEX_AROUND_MAX);
      return {
        leaderboard: board,
        entries: rows.slice(0, limit).map((row) => entryOf(board, row, me?.uniqueID)),
        player: own ? entryOf(board, own, me?.uniqueID) : null,
      };
    },
    async player(board) {
      const me = await player();
      const own = await ownRow(board, me);
      return own ? entryOf(board, own, me?.uniqueID) : null;
    },
  };
}
