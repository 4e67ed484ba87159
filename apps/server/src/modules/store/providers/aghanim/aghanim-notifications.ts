import { z } from 'zod';
import { WebhookSignatureError } from '../../../../errors.js';
import type { PaymentEvent } from '../payment-provider.js';
import { AGHANIM_ORDER_METADATA_KEY } from './aghanim-api.js';

const EnvelopeSchema = z.object({
  event_id: z.string().min(1),
  event_type: z.string().min(1),
  event_data: z.unknown(),
  sandbox: z.boolean().optional(),
});

/** The fields of an order event's order that fxid reads; the rest is left as sent. */
const OrderSchema = z.object({
  id: z.string().min(1),
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Za-z]{3}$/),
  metadata: z.record(z.string(), z.string()).optional(),
});

/** What each order event does to fxid's order; other event types (item.add, player.verify, …) are not acted on. */
const EVENT_TYPES: Partial<Record<string, PaymentEvent['type']>> = {
  'order.paid': 'payment.succeeded',
  'order.canceled': 'checkout.abandoned',
  'order.refunded': 'payment.refunded',
};

/** The envelope of a verified body, or a refusal (400) for one that is not Aghanim's. */
export function readAghanimWebhook(rawBody: Buffer): z.infer<typeof EnvelopeSchema> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('the notification is not JSON');
  }
  const parsed = EnvelopeSchema.safeParse(json);
  if (!parsed.success) throw new WebhookSignatureError('not an Aghanim webhook envelope');
  return parsed.data;
}

/**
 * An order event as the order state machine sees it. One event per order and type (Aghanim
 * may send an event again under another event id; it still acts once); our order id is in the
 * order's metadata, and the amount is what Aghanim charged, compared with the order before
 * anything is granted.
 */
export function aghanimPaymentEvent(envelope: z.infer<typeof EnvelopeSchema>): PaymentEvent | null {
  const type = EVENT_TYPES[envelope.event_type];
  if (!type) return null;
  const order = OrderSchema.safeParse(envelope.event_data);
  if (!order.success) throw new WebhookSignatureError(`${envelope.event_type} without an order in event_data`);
  const publicOrderId = order.data.metadata?.[AGHANIM_ORDER_METADATA_KEY];
  if (!publicOrderId) return null;
  return {
    eventId: `${envelope.event_type}:${order.data.id}`,
    type,
    providerRef: order.data.id,
    publicOrderId,
    amount: order.data.amount,
    currency: order.data.currency.toUpperCase(),
  };
}
