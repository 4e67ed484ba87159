import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import * as repo from './outbox-repository.js';

/** What an operator sees of a job: never its payload, which may hold addresses and signed bodies. */
export interface JobListing {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  nextAttemptAt: number;
  updatedAt: number;
  lastError: string | null;
}

/** The newest `limit` jobs, or only failed ones. */
export async function listJobs(db: Kysely<Database>, failedOnly: boolean, limit = 100): Promise<JobListing[]> {
  const rows = await repo.listJobs(db, { failed: failedOnly }, limit);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: Number(row.next_attempt_at),
    updatedAt: Number(row.updated_at),
    lastError: row.last_error,
  }));
}

/**
 * Puts a failed job back in line now with a fresh set of attempts (its last error stays until
 * the next attempt); false when no failed job has that id (unknown, pending or done).
 */
export function retryJob(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  return repo.retryFailedJob(db, id, now);
}

/** Jobs waiting or failed per kind, with the oldest one's creation time (metrics). */
export async function outboxBacklog(db: Kysely<Database>) {
  const rows = await repo.summarizeJobs(db);
  return rows.map((row) => ({
    kind: row.kind,
    status: row.status,
    count: Number(row.count),
    oldest: Number(row.oldest),
  }));
}
