import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { CommitSignal } from '../../db/commit-signal.js';
import { createOutboxRunner, type OutboxHandler, type Outcome } from './outbox.js';
import { listenForJobs } from './outbox-listener.js';
import type { QueuedJob } from './outbox-repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs every due outbox job once; tests call it with the worker stopped (OUTBOX_INTERVAL_MS=0). */
    runOutbox(): Promise<{ done: number; failed: number }>;
  }
}

/**
 * Runs outbox jobs until the app closes: at once after each commit that enqueued one (the
 * database's commit signal in this process; on PostgreSQL also LISTEN/NOTIFY, for jobs
 * another instance queued), again whenever a running job frees a slot that a waiting job
 * needs, and every config.outboxIntervalMs as crash recovery (a job another instance enqueued,
 * a lease that ran out, a retry coming due). OUTBOX_INTERVAL_MS=0 leaves it all to the caller.
 * `handlers` (job kind → what it does) come from the composition root, so the outbox imports
 * none of the modules that enqueue work.
 */
export function startOutboxWorker(
  app: FastifyInstance,
  ctx: AppContext,
  handlers: Record<string, OutboxHandler>,
  commits: CommitSignal,
): void {
  const { outboxLeaseMs, outboxIntervalMs, outboxLimits } = ctx.config;
  const runner = createOutboxRunner(ctx.db, handlers, ctx.now, outboxLeaseMs, outboxLimits, {
    ran: (kind, outcome) => ctx.metrics?.outboxRan(kind, outcome),
  });
  app.decorate('runOutbox', () => runner.runDue());
  if (outboxIntervalMs <= 0) return;

  let closed = false;
  /** The passes under way, and whether something asked for another look since the last one began. */
  let pass: Promise<void> | undefined;
  let again = false;
  /** A look that must read the table (the periodic one) was asked for since the last one began. */
  let readTable = false;
  const jobs = new Set<Promise<Outcome>>();

  async function passes(): Promise<void> {
    while (again && !closed) {
      again = false;
      const read = readTable;
      readTable = false;
      const started = await runner.startDue(read);
      for (const job of started) {
        jobs.add(job);
        // A job that ends frees a slot: look again only when due work is waiting for one.
        void job
          .catch((error: unknown) => app.log.error({ err: error }, 'outbox job failed to record'))
          .finally(() => {
            jobs.delete(job);
            if (runner.waiting()) wake();
          });
      }
    }
  }

  function wake(fromTable = false): void {
    if (closed) return;
    again = true;
    if (fromTable) readTable = true;
    if (pass) return;
    pass = passes()
      .catch((error: unknown) => app.log.error({ err: error }, 'outbox run failed'))
      .finally(() => {
        pass = undefined;
        // A wake that came after the last look began but before this settled is not lost.
        if (again) wake();
      });
  }

  const unsubscribe = commits.onInsert('outbox', (notes) => {
    runner.queued(notes as QueuedJob[]);
    wake();
  });
  const unlisten =
    ctx.engine === 'postgres' && /^postgres(ql)?:/.test(ctx.config.databaseUrl)
      ? listenForJobs(
          ctx.config.databaseUrl,
          () => wake(),
          (error) => app.log.warn({ err: error }, 'outbox LISTEN failed'),
        )
      : async () => {};
  // Crash recovery: the table is read whatever this process knows (retries, expired leases).
  const timer = setInterval(() => wake(true), outboxIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    closed = true;
    unsubscribe();
    await unlisten();
    clearInterval(timer);
    await pass;
    await Promise.allSettled([...jobs]);
  });
}
