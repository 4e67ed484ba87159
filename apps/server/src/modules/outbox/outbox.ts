import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

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
  await db
    .insertInto('outbox')
    .values({
      id: newId(),
      kind,
      payload_json: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      last_error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
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
  const due = await db
    .selectFrom('outbox')
    .select(['id', 'next_attempt_at'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now())
    .orderBy('next_attempt_at')
    .limit(50)
    .execute();
  let done = 0;
  let failed = 0;
  for (const candidate of due) {
    const claimed = await db
      .updateTable('outbox')
      .set({ next_attempt_at: now() + leaseMs, attempts: (eb) => eb('attempts', '+', 1), updated_at: now() })
      .where('id', '=', candidate.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', candidate.next_attempt_at)
      .returning(['kind', 'payload_json', 'attempts'])
      .executeTakeFirst();
    if (!claimed) continue;
    const handler = handlers[claimed.kind];
    try {
      if (!handler) throw new Error(`no handler for ${claimed.kind}`);
      await handler(JSON.parse(claimed.payload_json));
      await db
        .updateTable('outbox')
        .set({ status: 'done', updated_at: now() })
        .where('id', '=', candidate.id)
        .execute();
      done++;
    } catch (error) {
      const gaveUp = claimed.attempts >= MAX_ATTEMPTS;
      await db
        .updateTable('outbox')
        .set({
          status: gaveUp ? 'failed' : 'pending',
          next_attempt_at: now() + retryDelay(claimed.attempts),
          last_error: error instanceof Error ? error.message : String(error),
          updated_at: now(),
        })
        .where('id', '=', candidate.id)
        .execute();
      failed++;
    }
  }
  return { done, failed };
}
