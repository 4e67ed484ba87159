import { z } from 'zod';
import { GameSystemNameSchema, LocaleSchema } from './games.js';

/** The longest filter a rule may hold; a longer one is refused by the catalog. */
export const CROSS_PLAY_FILTER_MAX_LENGTH = 200;
/** The longest event parameter matched against a filter; longer values are refused. */
export const CROSS_PLAY_VALUE_MAX_LENGTH = 256;

export const CrossPlayEventCodeSchema = z
  .string()
  .regex(/^[\w.:-]{1,64}$/, 'Expected letters, digits, dot, colon, dash or underscore (at most 64)')
  .meta({ id: 'CrossPlayEventCode' });

/**
 * An event rule (spec §3): which in-game events count. Each filter applies to the
 * event parameter of the same number (P1–P3): empty matches anything, `/…/` is a
 * regular expression (RE2 syntax, linear time), anything else must be equal; a
 * missing parameter fails a non-empty filter; an invalid expression never matches.
 */
export const CrossPlayRuleSchema = z
  .object({
    Code: CrossPlayEventCodeSchema,
    Filter1: z.string().max(CROSS_PLAY_FILTER_MAX_LENGTH),
    Filter2: z.string().max(CROSS_PLAY_FILTER_MAX_LENGTH),
    Filter3: z.string().max(CROSS_PLAY_FILTER_MAX_LENGTH),
  })
  .meta({ id: 'CrossPlayRule' });
export type CrossPlayRule = z.infer<typeof CrossPlayRuleSchema>;

export const CrossPlayRulesQuerySchema = z.object({ Game: GameSystemNameSchema }).strict();

export const CrossPlayRulesResponseSchema = z
  .object({ Rules: z.array(CrossPlayRuleSchema).describe('The events of this game that count; send only these') })
  .meta({ id: 'CrossPlayRulesResponse' });

const ParamSchema = z.string().max(CROSS_PLAY_VALUE_MAX_LENGTH).optional();

/** An in-game event (spec §3, "In-game event"), as the portal reports it. */
export const CrossPlayEventSendRequestSchema = z
  .object({
    GameSystemName: GameSystemNameSchema,
    EventCode: CrossPlayEventCodeSchema,
    Value: z
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(1)
      .describe('How much the event counts towards quests that add up values'),
    P1: ParamSchema.describe('Matched against Filter1'),
    P2: ParamSchema.describe('Matched against Filter2'),
    P3: ParamSchema.describe('Matched against Filter3'),
  })
  .strict()
  .meta({ id: 'CrossPlayEventSendRequest' });
export type CrossPlayEventSendRequest = z.infer<typeof CrossPlayEventSendRequestSchema>;

/** A quest of the catalog with the signed-in player's progress. */
export const CrossPlayQuestSchema = z
  .object({
    Id: z.string(),
    Game: GameSystemNameSchema.nullable().describe('The game that offers the quest; null for the portal'),
    Name: z.string().describe('In the requested locale, or the quest default'),
    Description: z.string(),
    EventGame: GameSystemNameSchema.describe('The game whose events count'),
    EventCode: CrossPlayEventCodeSchema,
    Counting: z.enum(['Events', 'Value']).describe('Events: each event counts 1; Value: events add their Value'),
    Target: z.number().int().positive(),
    Progress: z.number().int().min(0).describe('Never above Target'),
    Completed: z.boolean(),
    CompletedAt: z.number().int().nullable(),
    StartsAt: z.number().int().nullable(),
    EndsAt: z.number().int().nullable(),
    Reward: z.string().nullable().describe('What the offering game grants, as the catalog says it'),
  })
  .meta({ id: 'CrossPlayQuest' });
export type CrossPlayQuest = z.infer<typeof CrossPlayQuestSchema>;

export const CrossPlayQuestsQuerySchema = z
  .object({
    Locale: LocaleSchema.optional(),
    Game: GameSystemNameSchema.optional().describe('Only quests offered by, or counting events of, this game'),
  })
  .strict();

export const CrossPlayQuestsResponseSchema = z
  .object({ Quests: z.array(CrossPlayQuestSchema).describe('Quests open now or completed by the player') })
  .meta({ id: 'CrossPlayQuestsResponse' });

export const CrossPlayEventSendResponseSchema = z
  .object({
    Success: z.literal(true),
    Accepted: z.boolean().describe('Whether a rule of the game matched; an unmatched event changes nothing'),
    Quests: z.array(CrossPlayQuestSchema).describe('The quests this event moved on, with their new progress'),
  })
  .meta({ id: 'CrossPlayEventSendResponse' });
