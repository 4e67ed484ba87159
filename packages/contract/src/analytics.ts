import { z } from 'zod';

/** The analytics platform code of the web portal. */
export const ANALYTICS_PLATFORM_WEB = 24;
/** The portal's analytics event ids lie in this range (inclusive). */
export const ANALYTICS_EVENT_ID_MIN = 781965163;
export const ANALYTICS_EVENT_ID_MAX = 781965214;
/** The most events one track call may carry. */
export const ANALYTICS_MAX_EVENTS = 100;

export const ANALYTICS_INT_SLOTS = ['I1', 'I2', 'I3', 'I4', 'I5', 'I6', 'I7', 'I8', 'I9', 'I10'] as const;
export const ANALYTICS_FLOAT_SLOTS = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9', 'F10'] as const;
export const ANALYTICS_STRING_SLOTS = [
  'S1',
  'S2',
  'S3',
  'S4',
  'S5',
  'S6',
  'S7',
  'S8',
  'S9',
  'S10',
  'S11',
  'S12',
  'S13',
  'S14',
  'S15',
] as const;
export const ANALYTICS_JSON_SLOTS = ['J1', 'J2', 'J3', 'J4'] as const;

const intSlot = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).optional();
const floatSlot = z.number().optional();
const stringSlot = z.string().max(1024).optional();
const jsonSlot = z
  .union([z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER), z.string().max(8192)])
  .optional()
  .describe('A long integer, or JSON as text');

const slots = <K extends string, S extends z.ZodType>(names: readonly K[], schema: S) =>
  Object.fromEntries(names.map((name) => [name, schema])) as Record<K, S>;

/** One analytics event (spec §3, "Analytics event"); the server adds the user and its own time. */
export const AnalyticsEventSchema = z
  .object({
    EventId: z.number().int().min(ANALYTICS_EVENT_ID_MIN).max(ANALYTICS_EVENT_ID_MAX),
    CreatedAt: z.number().int().min(0).max(8.64e15).describe("The client's time, epoch milliseconds"),
    ...slots(ANALYTICS_INT_SLOTS, intSlot),
    ...slots(ANALYTICS_FLOAT_SLOTS, floatSlot),
    ...slots(ANALYTICS_STRING_SLOTS, stringSlot),
    ...slots(ANALYTICS_JSON_SLOTS, jsonSlot),
  })
  .strict()
  .meta({ id: 'AnalyticsEvent' });
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

export const AnalyticsTrackRequestSchema = z
  .object({
    SessionId: z
      .string()
      .regex(/^[\w-]{1,64}$/, 'Expected 1-64 letters, digits, dashes or underscores')
      .describe('Random per portal session'),
    Platform: z.literal(ANALYTICS_PLATFORM_WEB).describe('The analytics platform code of the web portal'),
    BuildId: z.string().min(1).max(64).describe('The portal build'),
    Events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_MAX_EVENTS),
  })
  .strict()
  .meta({ id: 'AnalyticsTrackRequest' });
export type AnalyticsTrackRequest = z.infer<typeof AnalyticsTrackRequestSchema>;
