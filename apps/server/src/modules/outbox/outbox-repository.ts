import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../../db/database.js';
import { columnsOf, preparedListQuery, preparedQuery } from '../../db/prepared-query.js';
import type { Database, OutboxTable } from '../../db/schema.js';

/** All SQL of the outbox. */
export type Db = Kysely<Database>;

/** The PostgreSQL channel on which a commit that queued a job tells every instance's worker. */
export const OUTBOX_CHANNEL = 'fxid_outbox';

/** What the commit signal tells this process's worker of a job it queued: what listDueJobs would read. */
export type QueuedJob = Pick<OutboxTable, 'id' | 'next_attempt_at' | 'kind' | 'payload_json'>;

/**
 * Inserts a job; the commit signal then hands it to this process's worker (COMMIT_NOTE), which
 * need not look for it in the table. On PostgreSQL also NOTIFYs OUTBOX_CHANNEL, which PostgreSQL
 * delivers only when (and if) the transaction commits, to every listening instance.
 */
export async function insertJob(db: Db, row: OutboxTable): Promise<void> {
  const queued: QueuedJob = {
    id: row.id,
    next_attempt_at: row.next_attempt_at,
    kind: row.kind,
    payload_json: row.payload_json,
  };
  await insertJobRow(db, row, queued);
  if (isPostgres(db)) await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`.execute(db);
}

/** The statements every job makes, built once (see prepared-query.ts). */
const insertJobRow = preparedQuery(
  columnsOf<OutboxTable>({
    id: true,
    kind: true,
    payload_json: true,
    status: true,
    attempts: true,
    next_attempt_at: true,
    last_error: true,
    created_at: true,
    updated_at: true,
  }),
  (db, row: OutboxTable) => db.insertInto('outbox').values(row),
);
const dueJobs = preparedQuery(['now', 'limit'], (db, args: { now: number; limit: number }) =>
  db
    .selectFrom('outbox')
    .select(['id', 'next_attempt_at', 'kind', 'payload_json'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', args.now)
    .orderBy('next_attempt_at')
    .limit(args.limit),
);

/** Up to `limit` pending jobs whose next attempt is due, oldest due first. */
export async function listDueJobs(db: Db, now: number, limit: number) {
  return (await dueJobs(db, { now, limit })).rows;
}

/** Built once per number of jobs (see prepared-query.ts). */
const claim = preparedListQuery(
  ['leaseUntil', 'now'],
  (db, ids: string[], args: { leaseUntil: number; now: number }) => {
    const claimable = isPostgres(db)
      ? db
          .selectFrom('outbox')
          .select('id')
          .where('id', 'in', ids)
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', args.now)
          .forUpdate()
          .skipLocked()
      : ids;
    return db
      .updateTable('outbox')
      .set({ next_attempt_at: args.leaseUntil, attempts: (eb) => eb('attempts', '+', 1), updated_at: args.now })
      .where('id', 'in', claimable)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', args.now)
      .returning(['id', 'kind', 'payload_json', 'attempts']);
  },
);
const jobsDone = preparedListQuery(['now'], (db, ids: string[], args: { now: number }) =>
  db.updateTable('outbox').set({ status: 'done', updated_at: args.now }).where('id', 'in', ids),
);

/**
 * Claims jobs in one statement by pushing their next attempt past the lease, only those still
 * pending and due (one another worker claimed has its next attempt in the future); returns
 * those this call claimed. On PostgreSQL the rows are locked with FOR UPDATE SKIP LOCKED, so
 * workers claiming at the same moment each take different rows instead of waiting on each
 * other; SQLite has one writer at a time, and the conditions alone decide.
 */
export async function claimJobs(db: Db, ids: string[], leaseUntil: number, now: number) {
  if (ids.length === 0) return [];
  return (await claim(db, ids, { leaseUntil, now })).rows;
}

/** Records that jobs ran to their end, all in one statement. */
export async function markJobsDone(db: Db, ids: string[], now: number): Promise<void> {
  await jobsDone(db, ids, { now });
}

export async function updateJob(
  db: Db,
  id: string,
  values: Partial<Pick<OutboxTable, 'status' | 'next_attempt_at' | 'last_error'>> & { updated_at: number },
): Promise<void> {
  await db.updateTable('outbox').set(values).where('id', '=', id).execute();
}

/** Failed jobs (or every job), newest change first: what an operator lists. */
export function listJobs(db: Db, only: { failed: boolean }, limit: number) {
  let query = db
    .selectFrom('outbox')
    .select(['id', 'kind', 'status', 'attempts', 'next_attempt_at', 'last_error', 'created_at', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(limit);
  if (only.failed) query = query.where('status', '=', 'failed');
  return query.execute();
}

/** Puts a failed job back in line with a fresh set of attempts; false when no failed job has that id. */
export async function retryFailedJob(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Jobs waiting (pending) and failed per kind, with the oldest waiting job's creation time (metrics). */
export function summarizeJobs(db: Db) {
  return db
    .selectFrom('outbox')
    .select((eb) => [
      'kind',
      'status',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.min<number | string>('created_at').as('oldest'),
    ])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy(['kind', 'status'])
    .execute();
}
