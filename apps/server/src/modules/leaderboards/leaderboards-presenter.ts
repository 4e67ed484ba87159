import type { LeaderboardDefinition, LeaderboardEntry, LeaderboardInfo } from '@fxid/contract';
import { formatScore } from '@fxid/contract/leaderboard-format';
import { periodEnd } from './leaderboard-periods.js';
import type { ScoreRow } from './leaderboards-repository.js';

/** The board and the period shown, with the title in `locale` (else the game's default language). */
export function presentBoard(
  board: LeaderboardDefinition,
  start: number,
  locale: string | undefined,
  defaultLocale: string,
): LeaderboardInfo {
  const title =
    (locale && (board.Titles[locale] ?? board.Titles[locale.split('-')[0] ?? ''])) ??
    board.Titles[defaultLocale] ??
    Object.values(board.Titles)[0] ??
    board.Name;
  return {
    Name: board.Name,
    Title: title,
    SortOrder: board.SortOrder,
    ScoreFormat: board.ScoreFormat,
    Decimals: board.Decimals,
    ResetPeriod: board.ResetPeriod,
    PeriodStart: start,
    PeriodEnd: periodEnd(board.ResetPeriod, start),
    MinScore: board.MinScore,
    MaxScore: board.MaxScore,
  };
}

/** Shared with the player page, which shows a host platform's boards in the same format. */
export { formatScore };

export function presentEntry(
  board: LeaderboardDefinition,
  row: ScoreRow,
  rank: number,
  playerId: string | undefined,
): LeaderboardEntry {
  return {
    Rank: rank,
    Score: row.score,
    FormattedScore: formatScore(board, row.score),
    Name: row.name,
    // Profiles have no picture yet; the field is there for when they do (and for host platforms').
    AvatarUrl: null,
    Extra: row.extra,
    IsPlayer: row.account_id === playerId,
    AchievedAt: row.updated_at,
  };
}
