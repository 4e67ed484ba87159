import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import * as repo from './outbox-repository.js';

/** First retry after 30 s, doubling up to 1 h; after MAX_ATTEMPTS the job is marked failed. */
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 3_600_000;
export const MAX_ATTEMPTS = 10;
/**
 * A claimed job whose worker died is retried after this long (OUTBOX_LEASE_MS). It
 * must outlast the slowest handler (a game delivery times out after 10 s), or a job
 * still running could be claimed again.
 */
export const DEFAULT_CLAIM_LEASE_MS = 120_000;

export type OutboxHandler = (payload: unknown) => Promise<void>;

/** Adds a job; call it inside the transaction of the change that needs it, so both or neither happen. */
export async function enqueue(db: Kysely<Database>, kind: string, payload: unknown, now: number): Promise<void> {
  await repo.insertJob(db, {
    id: newId(),
    kind,
    payload_json: JSON.stringify(payload),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    last_error: null,
    created_at: now,
    updated_at: now,
  });
}

export function retryDelay(attempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS);
}

/**
 * Runs every due job once. A job is claimed by pushing its next attempt past a
 * lease in one conditional UPDATE, so two workers never run it at once and a
 * crashed worker's job comes back after the lease.
 */
export async function processOutbox(
  db: Kysely<Database>,
  handlers: Record<string, OutboxHandler>,
  now: () => number,
  leaseMs = DEFAULT_CLAIM_LEASE_MS,
): Promise<{ done: number; failed: number }> {
  const due = await repo.listDueJobs(db, now(), 50);
  let done = 0;
  let failed = 0;
  for (const candidate of due) {
    const claimed = await repo.claimJob(db, candidate, now() + leaseMs, now());
    if (!claimed) continue;
    const handler = handlers[claimed.kind];
    try {
      if (!handler) throw new Error(`no handler for ${claimed.kind}`);
      await handler(JSON.parse(claimed.payload_json));
      await repo.updateJob(db, candidate.id, { status: 'done', updated_at: now() });
      done++;
    } catch (error) {
      const gaveUp = claimed.attempts >= MAX_ATTEMPTS;
      await repo.updateJob(db, candidate.id, {
        status: gaveUp ? 'failed' : 'pending',
        next_attempt_at: now() + retryDelay(claimed.attempts),
        last_error: error instanceof Error ? error.message : String(error),
        updated_at: now(),
      });
      failed++;
    }
  }
  return { done, failed };
}
