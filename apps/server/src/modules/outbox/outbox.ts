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

/**
 * Adds a job; call it inside the transaction of the change that needs it, so both or neither
 * happen. A worker in this process starts it as soon as that transaction commits. A string
 * `destination` in the payload (a game server's host) groups jobs for the per-destination limit.
 */
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

/** How many jobs may run at once: over all destinations, and toward any one of them. */
export interface OutboxLimits {
  /** Jobs running at once in this process (OUTBOX_CONCURRENCY). */
  concurrency: number;
  /**
   * Jobs running at once toward one destination (OUTBOX_DESTINATION_CONCURRENCY): a slow or
   * dead game server then holds back only its own deliveries, never the others'.
   */
  perDestination: number;
}

export const DEFAULT_OUTBOX_LIMITS: OutboxLimits = { concurrency: 32, perDestination: 4 };
/** Due jobs read per look at the table. */
const BATCH = 100;

/**
 * Where a job's work goes, for the per-destination limit: the payload's `destination` when the
 * enqueuer set one (a game server's host), else the job kind (the mail relay, a provider).
 */
function destinationOf(job: { kind: string; payload_json: string }): string {
  try {
    const destination = (JSON.parse(job.payload_json) as { destination?: unknown } | null)?.destination;
    return typeof destination === 'string' ? `${job.kind}:${destination}` : job.kind;
  } catch {
    return job.kind;
  }
}

export type Outcome = 'done' | 'failed' | 'skipped';
type Due = Awaited<ReturnType<typeof repo.listDueJobs>>[number];

/**
 * Runs outbox jobs concurrently within limits. A job is claimed by pushing its next attempt
 * past a lease in one conditional UPDATE, so two workers (or two passes of one) never run it
 * at once, and a crashed worker's job comes back after the lease.
 */
export function createOutboxRunner(
  db: Kysely<Database>,
  handlers: Record<string, OutboxHandler>,
  now: () => number,
  leaseMs = DEFAULT_CLAIM_LEASE_MS,
  limits: OutboxLimits = DEFAULT_OUTBOX_LIMITS,
) {
  let running = 0;
  const perDestination = new Map<string, number>();
  const slotWaiters: Array<() => void> = [];

  const hasSlot = (destination: string) =>
    running < limits.concurrency && (perDestination.get(destination) ?? 0) < limits.perDestination;

  function release(destination: string): void {
    running--;
    const left = (perDestination.get(destination) ?? 1) - 1;
    if (left > 0) perDestination.set(destination, left);
    else perDestination.delete(destination);
    for (const wake of slotWaiters.splice(0)) wake();
  }

  async function claimAndRun(candidate: Due): Promise<Outcome> {
    const claimed = await repo.claimJob(db, candidate, now() + leaseMs, now());
    if (!claimed) return 'skipped';
    const handler = handlers[claimed.kind];
    try {
      if (!handler) throw new Error(`no handler for ${claimed.kind}`);
      await handler(JSON.parse(claimed.payload_json));
      await repo.updateJob(db, candidate.id, { status: 'done', updated_at: now() });
      return 'done';
    } catch (error) {
      const gaveUp = claimed.attempts >= MAX_ATTEMPTS;
      await repo.updateJob(db, candidate.id, {
        status: gaveUp ? 'failed' : 'pending',
        next_attempt_at: now() + retryDelay(claimed.attempts),
        last_error: error instanceof Error ? error.message : String(error),
        updated_at: now(),
      });
      return 'failed';
    }
  }

  /** Takes a slot at once (so that a concurrent pass sees it taken) and runs the job in it. */
  function start(candidate: Due): Promise<Outcome> {
    const destination = destinationOf(candidate);
    running++;
    perDestination.set(destination, (perDestination.get(destination) ?? 0) + 1);
    return claimAndRun(candidate).finally(() => release(destination));
  }

  return {
    /** Reads due jobs and starts those with a free slot; `left` when some had to wait for one. */
    async startDue(): Promise<{ started: Promise<Outcome>[]; left: boolean }> {
      const due = await repo.listDueJobs(db, now(), BATCH);
      const started: Promise<Outcome>[] = [];
      let left = due.length === BATCH;
      for (const candidate of due) {
        if (hasSlot(destinationOf(candidate))) started.push(start(candidate));
        else left = true;
      }
      return { started, left };
    },

    /** Runs every job due now once, each as soon as its slots allow, and waits for all of them. */
    async runDue(): Promise<{ done: number; failed: number }> {
      let waiting = await repo.listDueJobs(db, now(), BATCH);
      const started: Promise<Outcome>[] = [];
      while (waiting.length > 0) {
        const blocked: Due[] = [];
        for (const candidate of waiting) {
          if (hasSlot(destinationOf(candidate))) started.push(start(candidate));
          else blocked.push(candidate);
        }
        if (blocked.length > 0) await new Promise<void>((resolve) => slotWaiters.push(resolve));
        waiting = blocked;
      }
      const outcomes = await Promise.all(started);
      return {
        done: outcomes.filter((outcome) => outcome === 'done').length,
        failed: outcomes.filter((outcome) => outcome === 'failed').length,
      };
    },
  };
}

export type OutboxRunner = ReturnType<typeof createOutboxRunner>;

/** Runs every job due now once (concurrently within the limits) and says how each ended. */
export function processOutbox(
  db: Kysely<Database>,
  handlers: Record<string, OutboxHandler>,
  now: () => number,
  leaseMs = DEFAULT_CLAIM_LEASE_MS,
  limits: OutboxLimits = DEFAULT_OUTBOX_LIMITS,
): Promise<{ done: number; failed: number }> {
  return createOutboxRunner(db, handlers, now, leaseMs, limits).runDue();
}
