import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { MailMessage } from '../mail/mailer.js';
import { FULFILMENT_JOB, fulfilmentHandler, REFUND_JOB, refundHandler } from '../store/fulfilment.js';
import { SANDBOX_NOTIFICATION_JOB } from '../store/providers/sandbox.js';
import { type OutboxHandler, processOutbox } from './outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs every due outbox job once; tests call it with the worker stopped (OUTBOX_INTERVAL_MS=0). */
    runOutbox(): Promise<{ done: number; failed: number }>;
  }
}

/** What each kind of outbox job does. */
export function outboxHandlers(ctx: AppContext): Record<string, OutboxHandler> {
  return {
    email: (payload) => ctx.mailer.send(payload as MailMessage),
    [FULFILMENT_JOB]: fulfilmentHandler(ctx),
    [REFUND_JOB]: refundHandler(ctx),
    ...(ctx.payments.sandbox ? { [SANDBOX_NOTIFICATION_JOB]: ctx.payments.sandbox.deliverNotification } : {}),
  };
}

/** Polls the outbox every config.outboxIntervalMs until the app closes; 0 leaves it to the caller. */
export function startOutboxWorker(app: FastifyInstance, ctx: AppContext): void {
  const handlers = outboxHandlers(ctx);
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
