import { ForbiddenError, WebhookSignatureError } from '../../../../errors.js';
import { minorDigits, minorUnitsOf, toMajor } from '../../prices.js';
import type { PaymentEvent, PaymentProvider, ProviderPaymentState } from '../payment-provider.js';
import { addressMatcher } from './notification-sources.js';
import {
  YOOKASSA_ORDER_METADATA_KEY,
  type YookassaNotification,
  type YookassaPayment,
  type YookassaRefund,
} from './yookassa-api.js';
import { YOOKASSA_API_BASE, type YookassaConfig } from './yookassa-config.js';

/** YooKassa cuts a payment's description at 128 characters. */
const DESCRIPTION_LIMIT = 128;

/** Why a payment left unpaid was not money: the buyer never confirmed it (abandoned), or it was refused. */
const ABANDONED_REASON = 'expired_on_confirmation';

function readNotification(rawBody: Buffer): YookassaNotification {
  let json: Partial<YookassaNotification> | undefined;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('the notification is not JSON');
  }
  if (json?.type !== 'notification' || typeof json.event !== 'string' || typeof json.object?.id !== 'string') {
    throw new WebhookSignatureError('not a YooKassa notification');
  }
  return json as YookassaNotification;
}

const amountOf = (amount: { value: string; currency: string }) => {
  const value = Number(amount.value);
  return /^[A-Z]{3}$/.test(amount.currency) && Number.isFinite(value) ? minorUnitsOf(value, amount.currency) : -1;
};

/**
 * YooKassa (security.md §8e): a payment per order (amount from the order row, our order id in
 * its metadata, an `Idempotence-Key`), confirmed by the buyer on YooKassa's page (Redirect) or in
 * its confirmation widget (Embed). Its notifications are not signed, so each is only a hint:
 * it must come from YooKassa's addresses, and the payment is then fetched from the API, whose
 * answer alone decides (fail closed: when the API cannot be reached, the notification is
 * answered with an error and YooKassa retries it).
 */
export function createYookassaProvider(
  config: YookassaConfig,
  /** In development without keys, the API origin of the fake this server serves. */
  devApiBase?: string,
): PaymentProvider {
  const apiBase = devApiBase ?? config.apiBase ?? YOOKASSA_API_BASE;
  const authorization = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;
  const fromYookassa = addressMatcher(config.notificationSources);

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string): Promise<T> {
    const response = await fetch(`${apiBase}/v3${path}`, {
      method,
      headers: {
        authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotenceKey ? { 'idempotence-key': idempotenceKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`YooKassa answered ${method} /v3${path} with ${response.status}`);
    return (await response.json()) as T;
  }

  const payment = (id: string) => call<YookassaPayment>('GET', `/payments/${encodeURIComponent(id)}`);

  /** What a payment, as the API reports it, does to its order. */
  function eventOf(fetched: YookassaPayment, type: PaymentEvent['type'], eventId: string): PaymentEvent | null {
    const publicOrderId = fetched.metadata?.[YOOKASSA_ORDER_METADATA_KEY];
    // A test shop's payment is not money: a live shop never acts on one.
    if (!publicOrderId || (fetched.test && !config.test)) return null;
    return {
      eventId,
      type,
      providerRef: fetched.id,
      publicOrderId,
      amount: amountOf(fetched.amount),
      currency: fetched.amount.currency,
    };
  }

  return {
    name: 'yookassa',

    async createCheckout(request) {
      const redirect = request.embeddingType === 'Redirect';
      const digits = minorDigits(request.currency);
      const created = await call<YookassaPayment>(
        'POST',
        '/payments',
        {
          amount: { value: toMajor(request.amount, request.currency).toFixed(digits), currency: request.currency },
          capture: true,
          confirmation: redirect ? { type: 'redirect', return_url: request.returnUrl } : { type: 'embedded' },
          description: request.description.slice(0, DESCRIPTION_LIMIT),
          metadata: { [YOOKASSA_ORDER_METADATA_KEY]: request.publicOrderId },
        },
        request.idempotencyKey,
      );
      const confirmation = created.confirmation;
      const url = confirmation?.type === 'redirect' ? confirmation.confirmation_url : null;
      const token = confirmation?.type === 'embedded' ? confirmation.confirmation_token : null;
      if (redirect ? !url : !token) throw new Error('YooKassa returned no confirmation');
      return {
        providerRef: created.id,
        confirmationUrl: url,
        block: {
          Yookassa: { Redirect: redirect, ConfirmationUrl: url, ConfirmationToken: token, Sandbox: created.test },
        },
      };
    },

    async parseNotification(rawBody, _headers, _nowMs, sourceIp) {
      if (!fromYookassa(sourceIp)) throw new ForbiddenError('Notifications are taken from YooKassa only');
      const notification = readNotification(rawBody);
      if (notification.event.startsWith('refund.')) {
        const refund = await call<YookassaRefund>('GET', `/refunds/${encodeURIComponent(notification.object.id)}`);
        if (refund.status !== 'succeeded') return null;
        const refunded = await payment(refund.payment_id);
        // Only a full refund ends the order.
        if (!refunded.refunded_amount || amountOf(refunded.refunded_amount) !== amountOf(refunded.amount)) return null;
        return eventOf(refunded, 'payment.refunded', `refund.succeeded:${refund.id}`);
      }
      if (!notification.event.startsWith('payment.')) return null;
      // The notification names a payment; what happened to it is asked of YooKassa itself.
      const fetched = await payment(notification.object.id);
      if (fetched.status === 'succeeded' && fetched.paid) {
        return eventOf(fetched, 'payment.succeeded', `payment.succeeded:${fetched.id}`);
      }
      if (fetched.status === 'canceled') {
        const abandoned = fetched.cancellation_details?.reason === ABANDONED_REASON;
        return eventOf(fetched, abandoned ? 'checkout.abandoned' : 'payment.failed', `payment.canceled:${fetched.id}`);
      }
      // Pending, or waiting for a capture fxid never asks for (capture is automatic): nothing yet.
      return null;
    },

    async fetchStatus(providerRef): Promise<ProviderPaymentState> {
      const fetched = await payment(providerRef);
      if (fetched.status === 'canceled') return 'cancelled';
      if (fetched.status !== 'succeeded') return 'open';
      const refunded = fetched.refunded_amount && amountOf(fetched.refunded_amount) === amountOf(fetched.amount);
      return refunded ? 'refunded' : 'paid';
    },

    async cancelCheckout() {
      // A payment captured automatically cannot be cancelled while pending; YooKassa cancels it
      // when its confirmation lapses (payment.canceled, expired_on_confirmation). One paid after
      // fxid gave the order up is refunded (CancelledPaid).
    },

    async refund(providerRef) {
      const paid = await payment(providerRef);
      await call('POST', '/refunds', { payment_id: paid.id, amount: paid.amount }, `refund:${providerRef}`);
    },
  };
}
