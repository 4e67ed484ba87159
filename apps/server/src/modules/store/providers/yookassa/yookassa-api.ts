/** The parts of YooKassa API v3 objects fxid reads (yookassa.ru/developers/api). */

export interface YookassaAmount {
  /** Decimal major units as text, e.g. "4.99". */
  value: string;
  currency: string;
}

export interface YookassaPayment {
  id: string;
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';
  paid: boolean;
  amount: YookassaAmount;
  description?: string;
  refunded_amount?: YookassaAmount;
  confirmation?: { type: 'redirect'; confirmation_url: string } | { type: 'embedded'; confirmation_token: string };
  metadata?: Record<string, string>;
  cancellation_details?: { party: string; reason: string };
  test: boolean;
}

export interface YookassaRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: YookassaAmount;
}

/** A notification's envelope: a hint about an object, never trusted on its own. */
export interface YookassaNotification {
  type: 'notification';
  event: string;
  object: { id: string };
}

/** Our order id in a payment's metadata. */
export const YOOKASSA_ORDER_METADATA_KEY = 'order_id';
