import { z } from 'zod';

// The fields of a leaderboard that the games' public config shares with the leaderboard API; apart
// from leaderboards.ts, which needs games.ts, so that games.ts can use them without a cycle.

/** A leaderboard's name, unique within its game. */
export const LeaderboardNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, 'Expected lower-case letters, digits, _, . or - (at most 64)')
  .meta({ id: 'LeaderboardName' });

export const LeaderboardSortOrderSchema = z
  .enum(['Desc', 'Asc'])
  .describe('Desc: higher scores rank first; Asc: lower ones (times)')
  .meta({ id: 'LeaderboardSortOrder' });
export const LeaderboardScoreFormatSchema = z
  .enum(['Number', 'Time'])
  .describe('Number: the score with Decimals places (1234 with 2 shows 12.34); Time: milliseconds, shown 1:02.50')
  .meta({ id: 'LeaderboardScoreFormat' });
export const LeaderboardResetPeriodSchema = z
  .enum(['None', 'Daily', 'Weekly'])
  .describe('Daily: a new board every UTC midnight; Weekly: every Monday 00:00 UTC. Old periods are kept.')
  .meta({ id: 'LeaderboardResetPeriod' });

/** Platforms whose host keeps leaderboards the catalog may choose instead of fxid's (catalog/README.md). */
export const HostLeaderboardPlatformSchema = z
  .enum(['yandex'])
  .describe("An adapter whose host's own leaderboards a board may use")
  .meta({ id: 'HostLeaderboardPlatform' });
export type HostLeaderboardPlatform = z.infer<typeof HostLeaderboardPlatformSchema>;
