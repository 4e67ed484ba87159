import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../../context.js';
import { NotFoundError, OrderStatusConflictError } from '../../errors.js';
import { payAndFulfil, queueRefund } from './fulfilment.js';
import { canTransition, transitionOrder } from './order-state-machine.js';
import { orderStatusOf } from './orders-presenter.js';
import * as repo from './orders-repository.js';
import type { PaymentEvent, PaymentProvider } from './providers/payment-provider.js';

/**
 * Takes one provider notification: verified on the raw body first (400 and no
 * change otherwise), then, in one transaction, the event id is claimed (a repeat
 * is a no-op), the order moves, and any fulfilment or refund is queued.
 */
export async function handleNotification(
  ctx: AppContext,
  /** The provider's key: its name, or `name:account` for a PAYMENT_ACCOUNTS entry's credentials. */
  key: string,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  sourceIp: string,
): Promise<{ Received: true; Duplicate: boolean }> {
  const provider = ctx.payments.get(key);
  if (!provider) throw new NotFoundError('Payment provider');
  const event = await provider.parseNotification(rawBody, headers, ctx.now(), sourceIp);
  // Genuine, but nothing fxid acts on: acknowledged so that the provider stops retrying.
  if (!event) return { Received: true, Duplicate: false };
  return ctx.db.transaction().execute(async (trx) => {
    const order = await repo.findOrderByPublicId(trx, event.publicOrderId);
    const claimed = await repo.claimPaymentEvent(
      trx,
      {
        provider: key,
        eventId: event.eventId,
        eventType: event.type,
        orderId: order?.id ?? null,
        outcome: 'received',
      },
      ctx.now(),
    );
    if (!claimed) return { Received: true, Duplicate: true };
    const outcome = await applyEvent(ctx, trx, key, provider, order, event);
    await repo.setPaymentEventOutcome(trx, key, event.eventId, outcome);
    return { Received: true, Duplicate: false };
  });
}

/** What an event does to its order; returns the outcome recorded with the event. */
async function applyEvent(
  ctx: AppContext,
  trx: repo.Db,
  key: string,
  provider: PaymentProvider,
  order: repo.OrderRow | undefined,
  event: PaymentEvent,
): Promise<string> {
  if (!order || order.provider !== key || order.provider_ref !== event.providerRef) {
    return 'ignored: no such order at this provider';
  }
  const status = orderStatusOf(order);
  const cause = `${provider.name} ${event.type} ${event.eventId}`;
  /** Runs a move; false when another event moved the order first (this one came too late to matter). */
  const moved = async (run: () => Promise<void>) => {
    try {
      await run();
      return true;
    } catch (error) {
      if (error instanceof OrderStatusConflictError) return false;
      throw error;
    }
  };
  const move = (to: Parameters<typeof transitionOrder>[3]) =>
    moved(() => transitionOrder(trx, order.id, status, to, cause, ctx.now()));
  switch (event.type) {
    case 'payment.succeeded': {
      // Money is server-side state: the provider must have charged exactly the order.
      if (event.amount !== order.total_amount || event.currency !== order.currency) {
        return `ignored: charged ${event.amount} ${event.currency}, order is ${order.total_amount} ${order.currency}`;
      }
      if (status === 'WaitingForPayment') {
        const game = await ctx.catalog.systemNameOf(order.game_id, trx);
        const paid = () => payAndFulfil(ctx, trx, order, status, [{ to: 'PayedWaitingForSending', cause }], game);
        return (await moved(paid)) ? 'applied: paid' : 'ignored: order moved concurrently';
      }
      if (status === 'Cancelled') {
        // Paid after the order was given up: keep it cancelled and give the money back.
        if (!(await move('CancelledPaid'))) return 'ignored: order moved concurrently';
        await queueRefund(ctx, trx, order);
        return 'applied: paid after cancellation, refund queued';
      }
      return `ignored: order already ${status}`;
    }
    case 'payment.failed':
    case 'checkout.abandoned':
      if (status !== 'Created' && status !== 'WaitingForPayment') return `ignored: order already ${status}`;
      return (await move('Cancelled')) ? repo.CANCELLED_OUTCOME : 'ignored: order moved concurrently';
    case 'payment.refunded':
      if (status === 'Cancelled' || !canTransition(status, 'CancelledPaid')) return `ignored: order ${status}`;
      return (await move('CancelledPaid')) ? 'applied: refunded' : 'ignored: order moved concurrently';
  }
}
