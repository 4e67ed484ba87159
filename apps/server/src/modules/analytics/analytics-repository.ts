import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AnalyticsEventsTable, Database } from '../../db/schema.js';

export type AnalyticsEventRow = Selectable<AnalyticsEventsTable>;

/** Inserts a whole batch in one statement: one round trip per track call. */
export async function insertEvents(db: Kysely<Database>, rows: Insertable<AnalyticsEventsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('analytics_events').values(rows).execute();
}

/** A page of events in the order they were stored (ids are UUIDv7), after the given id. */
export function pageOfEvents(
  db: Kysely<Database>,
  options: { afterId: string | undefined; since: number | undefined; limit: number },
): Promise<AnalyticsEventRow[]> {
  let query = db.selectFrom('analytics_events').selectAll();
  if (options.afterId !== undefined) query = query.where('id', '>', options.afterId);
  if (options.since !== undefined) query = query.where('server_created_at', '>=', options.since);
  return query.orderBy('id').limit(options.limit).execute();
}
