import {
  ANALYTICS_FLOAT_SLOTS,
  ANALYTICS_INT_SLOTS,
  ANALYTICS_JSON_SLOTS,
  ANALYTICS_STRING_SLOTS,
  type AnalyticsTrackRequest,
} from '@fxid/contract';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { AnalyticsEventsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { insertEvents } from './analytics-repository.js';

type SlotColumn = Exclude<
  keyof AnalyticsEventsTable,
  'id' | 'session_id' | 'account_id' | 'platform' | 'build_id' | 'event_id' | 'created_at' | 'server_created_at'
>;

/** The slots of an event (I1…J4) as their columns (i1…j4); J slots are kept as text. */
function slotColumns(
  event: AnalyticsTrackRequest['Events'][number],
): Partial<Record<SlotColumn, number | string | null>> {
  const columns: Partial<Record<SlotColumn, number | string | null>> = {};
  for (const slot of [...ANALYTICS_INT_SLOTS, ...ANALYTICS_FLOAT_SLOTS, ...ANALYTICS_STRING_SLOTS]) {
    columns[slot.toLowerCase() as SlotColumn] = event[slot] ?? null;
  }
  for (const slot of ANALYTICS_JSON_SLOTS) {
    const value = event[slot];
    columns[slot.toLowerCase() as SlotColumn] = value === undefined ? null : String(value);
  }
  return columns;
}

/** Stores one track call's events with the account (if signed in) and the server's time. */
export async function trackEvents(
  ctx: AppContext,
  accountId: string | undefined,
  request: AnalyticsTrackRequest,
): Promise<void> {
  const serverNow = ctx.now();
  const rows = request.Events.map(
    (event) =>
      ({
        id: newId(),
        session_id: request.SessionId,
        account_id: accountId ?? null,
        platform: request.Platform,
        build_id: request.BuildId,
        event_id: event.EventId,
        created_at: event.CreatedAt,
        server_created_at: serverNow,
        ...slotColumns(event),
      }) as Insertable<AnalyticsEventsTable>,
  );
  await insertEvents(ctx.db, rows);
}
