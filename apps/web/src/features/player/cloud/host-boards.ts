import type { LeaderboardInfo } from '@fxid/sdk';
import type { components } from '../../../shared/api/schema';

type HostLeaderboard = components['schemas']['HostLeaderboard'];

/**
 * A board the catalog keeps in the host platform's own leaderboards (public config
 * HostLeaderboards), as the SDK describes boards: the title in the player's language (else the
 * game's default, else any), and no periods (a host's board keeps its own).
 */
export function toHostBoardInfo(board: HostLeaderboard, locale: string, defaultLocale: string): LeaderboardInfo {
  const titles = board.Titles as Record<string, string>;
  return {
    name: board.Name,
    title:
      titles[locale] ??
      titles[locale.split('-')[0] ?? ''] ??
      titles[defaultLocale] ??
      Object.values(titles)[0] ??
      board.Name,
    sortOrder: board.SortOrder === 'Asc' ? 'asc' : 'desc',
    format: board.ScoreFormat === 'Time' ? 'time' : 'number',
    decimals: board.Decimals,
    resetPeriod: 'none',
    periodStart: 0,
    periodEnd: null,
    minScore: board.MinScore,
    maxScore: board.MaxScore,
  };
}
