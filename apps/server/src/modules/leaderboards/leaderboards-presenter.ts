import type { LeaderboardDefinition, LeaderboardEntry, LeaderboardInfo } from '@fxid/contract';
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

const two = (value: number) => String(value).padStart(2, '0');

/** The score as the board shows it: 1234 with 2 decimals is "12.34"; 62500 ms is "1:02.50". */
export function formatScore(board: Pick<LeaderboardDefinition, 'ScoreFormat' | 'Decimals'>, score: number): string {
  const sign = score < 0 ? '-' : '';
  const magnitude = Math.abs(score);
  if (board.ScoreFormat === 'Time') {
    const hours = Math.floor(magnitude / 3_600_000);
    const minutes = Math.floor(magnitude / 60_000) % 60;
    const seconds = Math.floor(magnitude / 1000) % 60;
    const hundredths = Math.floor((magnitude % 1000) / 10);
    const clock = hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
    return `${sign}${clock}.${two(hundredths)}`;
  }
  if (board.Decimals === 0) return `${sign}${magnitude}`;
  const digits = String(magnitude).padStart(board.Decimals + 1, '0');
  return `${sign}${digits.slice(0, -board.Decimals)}.${digits.slice(-board.Decimals)}`;
}

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
