import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { MailMessage } from '../mail/mailer.js';
import { type OutboxHandler, processOutbox } from './outbox.js';

/** What each kind of outbox job does. */
export function outboxHandlers(ctx: AppContext): Record<string, OutboxHandler> {
  return {
    email: (payload) => ctx.mailer.send(payload as MailMessage),
  };
}

/** Polls the outbox every config.outboxIntervalMs until the app closes; 0 leaves it to the caller. */
export function startOutboxWorker(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.outboxIntervalMs <= 0) return;
  const handlers = outboxHandlers(ctx);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => processOutbox(ctx.db, handlers, ctx.now))
      .catch((error: unknown) => app.log.error({ err: error }, 'outbox run failed'));
  }, ctx.config.outboxIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
