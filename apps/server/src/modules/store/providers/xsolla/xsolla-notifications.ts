import { z } from 'zod';
import { minorUnitsOf } from '../../prices.js';
import type { PaymentEvent } from '../payment-provider.js';

/**
 * Why fxid refuses an Xsolla notification, in Xsolla's own error vocabulary
 * (platform-protocols.md §10c): the code goes back in `{"error":{"code","message"}}`.
 */
export class XsollaRefusal extends Error {
  constructor(
    readonly code: 'INVALID_SIGNATURE' | 'INVALID_USER' | 'INVALID_PARAMETER',
    message: string,
  ) {
    super(message);
    this.name = 'XsollaRefusal';
  }
}

/** The HTTP status Xsolla's SDK answers each code with. */
export const XSOLLA_REFUSAL_STATUS: Record<XsollaRefusal['code'], number> = {
  INVALID_SIGNATURE: 401,
  INVALID_USER: 422,
  INVALID_PARAMETER: 422,
};

const Money = z.object({ amount: z.number(), currency: z.string() });

/** The fields of Xsolla's notifications fxid reads; the rest is left as sent. */
const NotificationSchema = z.object({
  notification_type: z.string(),
  settings: z.object({ project_id: z.number(), merchant_id: z.number() }).partial().optional(),
  user: z
    .object({ id: z.union([z.string(), z.number()]).transform(String) })
    .partial()
    .optional(),
  purchase: z.object({ checkout: Money.optional(), total: Money.optional() }).optional(),
  transaction: z
    .object({
      id: z.number(),
      external_id: z.string().optional(),
      dry_run: z.union([z.number(), z.boolean()]).optional(),
    })
    .optional(),
});
export type XsollaNotification = z.infer<typeof NotificationSchema>;

/** The body as JSON in the shape above, or INVALID_PARAMETER. */
export function readXsollaNotification(rawBody: Buffer): XsollaNotification {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new XsollaRefusal('INVALID_PARAMETER', 'The body is not JSON');
  }
  const parsed = NotificationSchema.safeParse(json);
  if (!parsed.success) throw new XsollaRefusal('INVALID_PARAMETER', 'The notification lacks required fields');
  return parsed.data;
}

const EVENT_TYPES: Partial<Record<string, PaymentEvent['type']>> = {
  payment: 'payment.succeeded',
  refund: 'payment.refunded',
};

/**
 * A payment or full refund as the order state machine sees it. Xsolla's transaction id is
 * the event id (a payment and its refund share it, so the type prefixes it); our order id
 * comes back as the transaction's external_id and is also the checkout's reference.
 * Partial refunds and other types are genuine but not acted on.
 */
export function xsollaPaymentEvent(notification: XsollaNotification): PaymentEvent | null {
  const type = EVENT_TYPES[notification.notification_type];
  const transaction = notification.transaction;
  if (!type || !transaction?.external_id) return null;
  // What was asked of the buyer: the checkout amount fxid put in the token, in major units.
  const checkout = notification.purchase?.checkout;
  const charged = checkout && /^[A-Za-z]{3}$/.test(checkout.currency) ? checkout : undefined;
  return {
    eventId: `${notification.notification_type}:${transaction.id}`,
    type,
    providerRef: transaction.external_id,
    publicOrderId: transaction.external_id,
    amount: charged ? minorUnitsOf(charged.amount, charged.currency) : -1,
    currency: charged?.currency.toUpperCase() ?? '',
  };
}
