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

/** Each job's destination, parsed once per job read or handed over: a job waiting for a slot is looked at on every pass. */
const destinations = new WeakMap<object, string>();

/**
 * Where a job's work goes, for the per-destination limit: the payload's `destination` when the
 * enqueuer set one (a game server's host), else the job kind (the mail relay, a provider).
 */
function destinationOf(job: { kind: string; payload_json: string }): string {
  let destination = destinations.get(job);
  if (destination === undefined) {
    destination = parseDestination(job);
    destinations.set(job, destination);
  }
  return destination;
}

function parseDestination(job: { kind: string; payload_json: string }): string {
  try {
    const destination = (JSON.parse(job.payload_json) as { destination?: unknown } | null)?.destination;
    return typeof destination === 'string' ? `${job.kind}:${destination}` : job.kind;
  } catch {
    return job.kind;
  }
}

export type Outcome = 'done' | 'failed' | 'skipped';

/** Done marks taken for one write: the jobs hear how it went once it is durable. */
interface DoneMarks {
  ids: string[];
  written(): void;
  failed(error: unknown): void;
}

/**
 * Records jobs done with as few commits as it can, each a commit and an fsync (group-commit.ts):
 * marks that come while a write runs wait for the next one, and the worker's next claim takes
 * the marks waiting then into its own transaction (`take`). A mark that comes while nothing is
 * being written is written at once, so a quiet outbox waits for nothing.
 */
function doneRecorder(db: Kysely<Database>, now: () => number) {
  let queued: Array<{ id: string; resolve: () => void; reject: (error: unknown) => void }> = [];
  let writing = false;

  function take(): DoneMarks {
    const batch = queued;
    queued = [];
    return {
      ids: batch.map((job) => job.id),
      written: () => {
        for (const job of batch) job.resolve();
      },
      // Each job hears it, as if written alone: its runner then retries it later.
      failed: (error) => {
        for (const job of batch) job.reject(error);
      },
    };
  }

  async function write(): Promise<void> {
    writing = true;
    while (queued.length > 0) {
      const marks = take();
      try {
        await repo.markJobsDone(db, marks.ids, now());
        marks.written();
      } catch (error) {
        marks.failed(error);
      }
    }
    writing = false;
  }

  return {
    /** Resolves once the job is recorded done. */
    record: (id: string) =>
      new Promise<void>((resolve, reject) => {
        queued.push({ id, resolve, reject });
        if (!writing) void write();
      }),
    take,
  };
}

type Due = Awaited<ReturnType<typeof repo.listDueJobs>>[number];
type Claimed = Awaited<ReturnType<typeof repo.claimJobs>>[number];

/** What the runner reports of each job that ran (metrics, logs). */
export interface OutboxObserver {
  ran(kind: string, outcome: 'done' | 'retry' | 'failed'): void;
}

/**
 * Runs outbox jobs concurrently within limits. Due jobs with a free slot are claimed together
 * in one statement that pushes their next attempt past a lease, so two workers (or two passes
 * of one) never run a job at once, and a crashed worker's job comes back after the lease.
 */
export function createOutboxRunner(
  db: Kysely<Database>,
  handlers: Record<string, OutboxHandler>,
  now: () => number,
  leaseMs = DEFAULT_CLAIM_LEASE_MS,
  limits: OutboxLimits = DEFAULT_OUTBOX_LIMITS,
  observer?: OutboxObserver,
) {
  let running = 0;
  const done = doneRecorder(db, now);
  const perDestination = new Map<string, number>();
  const slotWaiters: Array<() => void> = [];

  const hasSlot = (destination: string) =>
    running < limits.concurrency && (perDestination.get(destination) ?? 0) < limits.perDestination;

  function reserve(destination: string): void {
    running++;
    perDestination.set(destination, (perDestination.get(destination) ?? 0) + 1);
  }

  function release(destination: string): void {
    running--;
    const left = (perDestination.get(destination) ?? 1) - 1;
    if (left > 0) perDestination.set(destination, left);
    else perDestination.delete(destination);
    for (const wake of slotWaiters.splice(0)) wake();
  }

  async function run(claimed: Claimed, destination: string): Promise<Outcome> {
    try {
      try {
        const handler = handlers[claimed.kind];
        if (!handler) throw new Error(`no handler for ${claimed.kind}`);
        await handler(JSON.parse(claimed.payload_json));
      } finally {
        // The work is over: its slot goes to a waiting job while the outcome is written.
        release(destination);
      }
      await done.record(claimed.id);
      observer?.ran(claimed.kind, 'done');
      return 'done';
    } catch (error) {
      const gaveUp = claimed.attempts >= MAX_ATTEMPTS;
      await repo.updateJob(db, claimed.id, {
        status: gaveUp ? 'failed' : 'pending',
        next_attempt_at: now() + retryDelay(claimed.attempts),
        last_error: error instanceof Error ? error.message : String(error),
        updated_at: now(),
      });
      observer?.ran(claimed.kind, gaveUp ? 'failed' : 'retry');
      return 'failed';
    }
  }

  /** Claims `ids`, with the done marks waiting now in the same transaction (one commit for both). */
  async function claim(ids: string[]): Promise<Claimed[]> {
    if (ids.length === 0) return [];
    const marks = done.take();
    if (marks.ids.length === 0) return repo.claimJobs(db, ids, now() + leaseMs, now());
    try {
      const claimed = await db.transaction().execute(async (trx) => {
        await repo.markJobsDone(trx, marks.ids, now());
        return repo.claimJobs(trx, ids, now() + leaseMs, now());
      });
      marks.written();
      return claimed;
    } catch (error) {
      marks.failed(error);
      throw error;
    }
  }

  /**
   * Takes the slots of `candidates` at once (so that a concurrent pass sees them taken), claims
   * them in one statement and runs those claimed; a slot whose job another worker took is freed.
   */
  async function startAll(candidates: Due[]): Promise<Promise<Outcome>[]> {
    const destinations = new Map(candidates.map((candidate) => [candidate.id, destinationOf(candidate)]));
    let claimed: Claimed[];
    try {
      claimed = await claim([...destinations.keys()]);
    } catch (error) {
      for (const destination of destinations.values()) release(destination);
      throw error;
    }
    const byId = new Map(claimed.map((row) => [row.id, row]));
    return candidates.map((candidate) => {
      const destination = destinations.get(candidate.id) ?? candidate.kind;
      const row = byId.get(candidate.id);
      if (!row) {
        release(destination);
        return Promise.resolve<Outcome>('skipped');
      }
      return run(row, destination);
    });
  }

  /** The candidates that have a free slot, their slots taken; the others are returned as blocked. */
  function takeSlots(due: Due[]): { ready: Due[]; blocked: Due[] } {
    const ready: Due[] = [];
    const blocked: Due[] = [];
    for (const candidate of due) {
      const destination = destinationOf(candidate);
      if (!hasSlot(destination)) {
        blocked.push(candidate);
        continue;
      }
      reserve(destination);
      ready.push(candidate);
    }
    return { ready, blocked };
  }

  /**
   * Due jobs known without a read of the table: handed over by the commit signal once the
   * transaction that queued them committed, or read before and left waiting for a slot. They are
   * claimed without reading the table again (that read was a scan of up to BATCH rows per job
   * under load). Past BATCH of them the table is read instead, where every one of them is.
   */
  let queued: Due[] = [];
  let overflowed = false;
  /** The last read of the table left due jobs there (no slot for them, or more than a batch). */
  let leftInTable = false;

  return {
    /** Jobs a commit of this process queued, for the next startDue. */
    queued(jobs: readonly Due[]): void {
      queued.push(...jobs);
      if (queued.length > BATCH) {
        queued = [];
        overflowed = true;
      }
    },

    /** Whether due work waits for a slot: a job that ends should then start another look. */
    waiting: () => queued.length > 0 || overflowed || leftInTable,

    /**
     * Starts the jobs handed over that have a free slot; reads due jobs from the table and starts
     * those instead when none were handed over, or when asked to (`readTable`: the periodic look
     * that finds retries, expired leases and other instances' jobs, which known jobs waiting for
     * a slot must not hold back).
     */
    async startDue(readTable = false): Promise<Promise<Outcome>[]> {
      // One job twice (a commit's note and a read that saw the row first, on PostgreSQL) runs once.
      const known = overflowed ? [] : [...new Map(queued.map((job) => [job.id, job])).values()];
      queued = [];
      overflowed = false;
      if (known.length > 0 && !readTable) {
        // The claim decides: one another pass or worker claimed meanwhile is skipped.
        const { ready, blocked } = takeSlots(known);
        queued = blocked;
        return startAll(ready);
      }
      const due = await repo.listDueJobs(db, now(), BATCH);
      const { ready, blocked } = takeSlots(due);
      // Those waiting for a slot are known now, beside those known before or handed over meanwhile.
      const read = new Set(due.map((job) => job.id));
      queued = [...blocked, ...[...known, ...queued].filter((job) => !read.has(job.id))];
      leftInTable = due.length === BATCH;
      return startAll(ready);
    },

    /** Runs every job due now once, each as soon as its slots allow, and waits for all of them. */
    async runDue(): Promise<{ done: number; failed: number }> {
      let waiting = await repo.listDueJobs(db, now(), BATCH);
      const started: Promise<Outcome>[] = [];
      while (waiting.length > 0) {
        const { ready, blocked } = takeSlots(waiting);
        started.push(...(await startAll(ready)));
        // A slot may have come free while the claim ran; wait only when none has.
        if (blocked.length > 0 && !blocked.some((candidate) => hasSlot(destinationOf(candidate)))) {
          await new Promise<void>((resolve) => slotWaiters.push(resolve));
        }
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
