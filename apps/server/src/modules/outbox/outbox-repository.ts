import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/database.js';
import type { Database, OutboxTable } from '../../db/schema.js';

/** All SQL of the outbox. */
export type Db = Kysely<Database>;

/** The PostgreSQL channel on which a commit that queued a job tells every instance's worker. */
export const OUTBOX_CHANNEL = 'fxid_outbox';

/**
 * Inserts a job; on PostgreSQL also NOTIFYs OUTBOX_CHANNEL, which PostgreSQL delivers only when
 * (and if) the transaction commits, to every listening instance.
 */
export async function insertJob(db: Db, row: OutboxTable): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
  if (isPostgres(db)) await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`.execute(db);
}

/** Up to `limit` pending jobs whose next attempt is due, oldest due first. */
export function listDueJobs(db: Db, now: number, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'next_attempt_at', 'kind', 'payload_json'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a job by pushing its next attempt past the lease, only if it is still pending at
 * the attempt time seen when it was listed; undefined when another worker claimed it first.
 */
export function claimJob(db: Db, job: { id: string; next_attempt_at: number }, leaseUntil: number, now: number) {
  return db
    .updateTable('outbox')
    .set({ next_attempt_at: leaseUntil, attempts: (eb) => eb('attempts', '+', 1), updated_at: now })
    .where('id', '=', job.id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', job.next_attempt_at)
    .returning(['kind', 'payload_json', 'attempts'])
    .executeTakeFirst();
}

export async function updateJob(
  db: Db,
  id: string,
  values: Partial<Pick<OutboxTable, 'status' | 'next_attempt_at' | 'last_error'>> & { updated_at: number },
): Promise<void> {
  await db.updateTable('outbox').set(values).where('id', '=', id).execute();
}
