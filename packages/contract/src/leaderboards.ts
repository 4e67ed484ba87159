import { z } from 'zod';
import { GameSystemNameSchema, LocaleSchema } from './games.js';
import {
  HostLeaderboardPlatformSchema,
  LeaderboardNameSchema,
  LeaderboardResetPeriodSchema,
  LeaderboardScoreFormatSchema,
  LeaderboardSortOrderSchema,
} from './leaderboard-enums.js';
import { plainText } from './text.js';

export {
  type HostLeaderboardPlatform,
  HostLeaderboardPlatformSchema,
  LeaderboardNameSchema,
  LeaderboardResetPeriodSchema,
  LeaderboardScoreFormatSchema,
  LeaderboardSortOrderSchema,
} from './leaderboard-enums.js';

/** The largest magnitude of a score: integers a double holds exactly. */
export const LEADERBOARD_SCORE_LIMIT = Number.MAX_SAFE_INTEGER;
/** At most this many rows per top or around query. */
export const LEADERBOARD_MAX_LIMIT = 100;
export const LEADERBOARD_EXTRA_MAX_LENGTH = 256;

const Score = z.number().int().min(-LEADERBOARD_SCORE_LIMIT).max(LEADERBOARD_SCORE_LIMIT);

/** A leaderboard as a catalog file defines it (catalog/README.md, "Leaderboards"). */
export const LeaderboardDefinitionSchema = z.strictObject({
  Name: LeaderboardNameSchema,
  Titles: z.record(LocaleSchema, z.string().min(1)).describe('The board title per locale'),
  SortOrder: LeaderboardSortOrderSchema.default('Desc'),
  ScoreFormat: LeaderboardScoreFormatSchema.default('Number'),
  Decimals: z.number().int().min(0).max(4).default(0).describe('Places shown after the point, for Number'),
  ResetPeriod: LeaderboardResetPeriodSchema.default('None'),
  MinScore: Score.default(0).describe('Scores below are refused (leaderboard_score_out_of_range)'),
  MaxScore: Score.describe('Scores above are refused: keeps obviously forged scores out'),
  HostPlatforms: z
    .array(HostLeaderboardPlatformSchema)
    .default([])
    .describe("Platforms where the host's own board of this name is used instead of fxid's"),
});
export type LeaderboardDefinition = z.infer<typeof LeaderboardDefinitionSchema>;

/** A board and its current period, as the API shows it. */
export const LeaderboardInfoSchema = z
  .object({
    Name: LeaderboardNameSchema,
    Title: z.string().describe('In the requested locale, else the game default'),
    SortOrder: LeaderboardSortOrderSchema,
    ScoreFormat: LeaderboardScoreFormatSchema,
    Decimals: z.number().int(),
    ResetPeriod: LeaderboardResetPeriodSchema,
    PeriodStart: z.number().int().describe('Epoch ms (UTC) of the period shown; 0 for a board without resets'),
    PeriodEnd: z.number().int().nullable().describe('Epoch ms when that period ends; null without resets'),
    MinScore: z.number().int(),
    MaxScore: z.number().int(),
  })
  .meta({ id: 'LeaderboardInfo' });
export type LeaderboardInfo = z.infer<typeof LeaderboardInfoSchema>;

export const LeaderboardEntrySchema = z
  .object({
    Rank: z.number().int().describe('1 for the best; equal scores rank by who reached them first'),
    Score: z.number().int(),
    FormattedScore: z.string().describe('The score in the board format, e.g. 12.34 or 1:02.50'),
    Name: z.string().nullable().describe("The player's profile name; null when they have none"),
    AvatarUrl: z.string().nullable().describe("The player's picture; null when their profile has none"),
    Extra: z.string().nullable().describe('What the game sent with the score'),
    IsPlayer: z.boolean().describe('The signed-in player’s own row'),
    AchievedAt: z.number().int().describe('Epoch ms when this best score was submitted'),
  })
  .meta({ id: 'LeaderboardEntry' });
export type LeaderboardEntry = z.infer<typeof LeaderboardEntrySchema>;

const BoardRequest = {
  Game: GameSystemNameSchema,
  Leaderboard: LeaderboardNameSchema,
  Locale: LocaleSchema.optional().describe('Language of the title; the game default otherwise'),
};

export const LeaderboardSubmitRequestSchema = z
  .object({
    ...BoardRequest,
    Score: Score,
    Extra: plainText().max(LEADERBOARD_EXTRA_MAX_LENGTH).optional().describe('Shown with the score, e.g. a level'),
  })
  .strict()
  .meta({ id: 'LeaderboardSubmitRequest' });
export type LeaderboardSubmitRequest = z.infer<typeof LeaderboardSubmitRequestSchema>;

export const LeaderboardSubmitResponseSchema = z
  .object({
    Leaderboard: LeaderboardInfoSchema,
    Improved: z.boolean().describe('Whether this score beat the player’s best of the period (and replaced it)'),
    Player: LeaderboardEntrySchema.describe('The player’s best of the period, with its rank'),
  })
  .meta({ id: 'LeaderboardSubmitResponse' });

export const LeaderboardTopRequestSchema = z
  .object({
    ...BoardRequest,
    Limit: z.number().int().min(1).max(LEADERBOARD_MAX_LIMIT).default(10),
    Period: z
      .enum(['Current', 'Previous'])
      .default('Current')
      .describe('Previous: the last finished day or week of a board that resets'),
  })
  .strict()
  .meta({ id: 'LeaderboardTopRequest' });
export type LeaderboardTopRequest = z.infer<typeof LeaderboardTopRequestSchema>;

export const LeaderboardAroundRequestSchema = z
  .object({ ...BoardRequest, Limit: z.number().int().min(1).max(LEADERBOARD_MAX_LIMIT).default(10) })
  .strict()
  .meta({ id: 'LeaderboardAroundRequest' });
export type LeaderboardAroundRequest = z.infer<typeof LeaderboardAroundRequestSchema>;

export const LeaderboardPlayerRequestSchema = z.object(BoardRequest).strict().meta({ id: 'LeaderboardPlayerRequest' });
export type LeaderboardPlayerRequest = z.infer<typeof LeaderboardPlayerRequestSchema>;

export const LeaderboardPageSchema = z
  .object({
    Leaderboard: LeaderboardInfoSchema,
    Entries: z.array(LeaderboardEntrySchema).describe('Best first'),
    Player: LeaderboardEntrySchema.nullable().describe(
      'The signed-in player’s row; null for a guest or without a score',
    ),
  })
  .meta({ id: 'LeaderboardPage' });
