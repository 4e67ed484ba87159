import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { type OutboxHandler, processOutbox } from './outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs every due outbox job once; tests call it with the worker stopped (OUTBOX_INTERVAL_MS=0). */
    runOutbox(): Promise<{ done: number; failed: number }>;
  }
}

/**
 * Polls the outbox every config.outboxIntervalMs until the app closes; 0 leaves it to the caller.
 * `handlers` (job kind → what it does) come from the composition root, so the outbox imports
 * none of the modules that enqueue work.
 */
export function startOutboxWorker(
  app: FastifyInstance,
  ctx: AppContext,
  handlers: Record<string, OutboxHandler>,
): void {
  app.decorate('runOutbox', () => processOutbox(ctx.db, handlers, ctx.now, ctx.config.outboxLeaseMs));
  if (ctx.config.outboxIntervalMs <= 0) return;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => processOutbox(ctx.db, handlers, ctx.now, ctx.config.outboxLeaseMs))
      .catch((error: unknown) => app.log.error({ err: error }, 'outbox run failed'));
  }, ctx.config.outboxIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
