import type { StatEvent } from '@fxid/sdk';
import { SdkError } from '@fxid/sdk/host';
import type { AnalyticsEvent } from './analytics-batcher';

/**
 * The portal's analytics event ids for the SDK's stat methods (within the contract's
 * range 781965163–781965214). Every event carries the game in S1 and the seconds since
 * the page's analytics session began in I1.
 */
export const STAT_EVENT_IDS = {
  /** stat.initialize: S2 appId, S3 the game's own user id, when given. */
  initialize: 781965163,
  /** stat.event: S2 section, S3 type, S4 name, F1 value. */
  event: 781965164,
  /** stat.event of section `tutorial` (devtodev): as event, plus I2 the step value (start -1, completed -2, skip 0, step n). */
  tutorial: 781965165,
} as const;

/** What the own site records of a stat call. */
export type StatRecord = { kind: 'initialize'; appId?: string; userId?: string } | { kind: 'event'; event: StatEvent };

const STRING_MAX = 1024;
const text = (value: unknown) => (typeof value === 'string' && value ? value.slice(0, STRING_MAX) : undefined);
/** JSON has no NaN or Infinity, and one bad number would have the server refuse the whole batch. */
const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The stat event a game sent, checked: section, type and name are strings, value a number if any. */
export function checkStatEvent(params: unknown): StatEvent {
  const event = (params ?? {}) as Record<string, unknown>;
  for (const key of ['section', 'type', 'name'] as const) {
    if (typeof event[key] !== 'string') throw new SdkError('invalid_request', `stat.event needs a string ${key}`);
  }
  if (event.value !== undefined && typeof event.value !== 'number') {
    throw new SdkError('invalid_request', 'stat.event value must be a number');
  }
  return event as unknown as StatEvent;
}

/**
 * devtodev's tutorial value (spec §7) of a tutorial stat event: the value the SDK's
 * `stat.tutorial` computed, else read from the step name (start, completed, skip, n).
 */
export function tutorialValue(event: StatEvent): number | undefined {
  if (Number.isInteger(event.value)) return event.value;
  if (event.name === 'start') return -1;
  if (event.name === 'completed') return -2;
  if (event.name === 'skip') return 0;
  const step = Number(event.name);
  return Number.isInteger(step) && step >= 1 ? step : undefined;
}

/** Drops the slots left empty, so the body carries only what was set. */
function compact(event: AnalyticsEvent): AnalyticsEvent {
  return Object.fromEntries(Object.entries(event).filter(([, value]) => value !== undefined)) as AnalyticsEvent;
}

/** The analytics event of one stat call. */
export function statAnalyticsEvent(
  record: StatRecord,
  context: { game: string; now: number; sessionStart: number },
): AnalyticsEvent {
  const base = {
    CreatedAt: Math.round(context.now),
    S1: text(context.game),
    I1: Math.max(0, Math.floor((context.now - context.sessionStart) / 1000)),
  };
  if (record.kind === 'initialize') {
    return compact({ ...base, EventId: STAT_EVENT_IDS.initialize, S2: text(record.appId), S3: text(record.userId) });
  }
  const { event } = record;
  const isTutorial = event.section === 'tutorial';
  const step = isTutorial ? tutorialValue(event) : undefined;
  return compact({
    ...base,
    EventId: isTutorial ? STAT_EVENT_IDS.tutorial : STAT_EVENT_IDS.event,
    S2: text(event.section),
    S3: text(event.type),
    S4: text(event.name),
    F1: finite(event.value),
    I2: step,
  });
}
