import { ANALYTICS_EVENT_ID_MAX, ANALYTICS_EVENT_ID_MIN, AnalyticsEventSchema } from '@fxid/contract';
import { tutorialEvent } from '@fxid/sdk';
import { describe, expect, it } from 'vitest';
import { checkStatEvent, STAT_EVENT_IDS, statAnalyticsEvent, tutorialValue } from './stat-events';

const context = { game: 'sky-runner', now: 1_700_000_012_500, sessionStart: 1_700_000_000_000 };

describe('stat calls as analytics events', () => {
  it('uses event ids of the contract range', () => {
    for (const id of Object.values(STAT_EVENT_IDS)) {
      expect(id).toBeGreaterThanOrEqual(ANALYTICS_EVENT_ID_MIN);
      expect(id).toBeLessThanOrEqual(ANALYTICS_EVENT_ID_MAX);
    }
  });

  it('records stat.initialize with the game and the session time', () => {
    const event = statAnalyticsEvent({ kind: 'initialize', appId: 'app-7' }, context);
    expect(event).toEqual({
      EventId: STAT_EVENT_IDS.initialize,
      CreatedAt: 1_700_000_012_500,
      S1: 'sky-runner',
      S2: 'app-7',
      I1: 12,
    });
    expect(AnalyticsEventSchema.parse(event)).toEqual(event);
  });

  it('records stat.event in its slots', () => {
    const event = statAnalyticsEvent(
      { kind: 'event', event: { section: 'level', type: 'finish', name: 'level-3', value: 2.5 } },
      context,
    );
    expect(event).toEqual({
      EventId: STAT_EVENT_IDS.event,
      CreatedAt: context.now,
      S1: 'sky-runner',
      S2: 'level',
      S3: 'finish',
      S4: 'level-3',
      F1: 2.5,
      I1: 12,
    });
    expect(AnalyticsEventSchema.parse(event)).toEqual(event);
  });

  it.each([
    ['start', -1],
    ['completed', -2],
    ['skip', 0],
    [3, 3],
  ] as const)('maps the tutorial step %s to devtodev value %i', (step, value) => {
    const sdkEvent = tutorialEvent(step);
    const event = statAnalyticsEvent({ kind: 'event', event: sdkEvent }, context);
    expect(event).toMatchObject({ EventId: STAT_EVENT_IDS.tutorial, S2: 'tutorial', S4: String(step), I2: value });
    expect(AnalyticsEventSchema.parse(event)).toEqual(event);
    // A game that sends the tutorial event by hand, without the value, gets the same.
    expect(tutorialValue({ section: 'tutorial', type: 'tutorial', name: String(step) })).toBe(value);
  });

  it('leaves out numbers JSON cannot carry and cuts long strings to what the server takes', () => {
    const event = statAnalyticsEvent(
      { kind: 'event', event: { section: 's'.repeat(2000), type: 't', name: 'n', value: Number.NaN } },
      context,
    );
    expect(event.F1).toBeUndefined();
    expect(event.S2).toHaveLength(1024);
    expect(() => AnalyticsEventSchema.parse(event)).not.toThrow();
  });

  it('refuses a malformed stat event with invalid_request', () => {
    expect(() => checkStatEvent({ section: 's', type: 't' })).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
    expect(() => checkStatEvent({ section: 's', type: 't', name: 'n', value: '3' })).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
    expect(checkStatEvent({ section: 's', type: 't', name: 'n' })).toEqual({ section: 's', type: 't', name: 'n' });
  });
});
