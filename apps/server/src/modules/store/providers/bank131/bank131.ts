import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../../db/schema.js';
import { OrderStatusConflictError, WebhookSignatureError } from '../../../../errors.js';
import type { PaymentEvent, PaymentProvider, ProviderPaymentState } from '../payment-provider.js';
import type { SavedCard } from '../sandbox/card-brand.js';
import { Bank131ApiError, type Bank131Notification, type Bank131Session, bank131Client } from './bank131-api.js';
import type { Bank131Config } from './bank131-config.js';
import * as repo from './bank131-repository.js';
import { BANK131_SIGNATURE_HEADER, verifyBank131 } from './bank131-signature.js';

/** Card brands as the bank writes them (lowercase), as a buyer reads them. */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  mir: 'Mir',
  'american express': 'American Express',
  amex: 'American Express',
  unionpay: 'UnionPay',
  jcb: 'JCB',
};
const brandName = (brand: string | undefined) => (brand && BRAND_NAMES[brand.toLowerCase()]) ?? brand ?? 'Card';

const NOTIFICATION_TYPES = new Set([
  'action_required',
  'ready_to_confirm',
  'ready_to_capture',
  'payment_finished',
  'payment_refunded',
]);

export interface Bank131Deps {
  db: Kysely<Database>;
  now: () => number;
  /** The portal's card payment form page of a checkout: `/{token}?PublicId=…`. */
  formUrl: (token: string, publicOrderId: string) => string;
}

/** How the player pays on the form: a card the widget tokenized, the saved card, or SBP. */
export type Bank131Method = { kind: 'card'; cardToken: string } | { kind: 'recurrent' } | { kind: 'sbp' };

export interface Bank131Provider extends PaymentProvider {
  readonly config: Bank131Config;
  findCheckout(token: string): Promise<repo.Bank131Checkout | undefined>;
  /** The card the buyer last paid with at this bank, offered again. */
  savedCard(customerRef: string): Promise<SavedCard | undefined>;
  /** A public token for the bank's card widget (`tokenize_widget`). */
  widgetToken(): Promise<string>;
  /** Starts the session's payment; a checkout no longer open is a conflict. */
  pay(checkout: repo.Bank131Checkout, method: Bank131Method): Promise<void>;
  /** The player's Cancel: the bank cancels the session and notifies fxid. */
  abandon(checkout: repo.Bank131Checkout): Promise<void>;
}

function readNotification(rawBody: Buffer): Bank131Notification {
  let json: Partial<Bank131Notification> | undefined;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('signed body is not JSON');
  }
  if (!json || !NOTIFICATION_TYPES.has(json.type ?? '') || typeof json.session?.id !== 'string') {
    throw new WebhookSignatureError('signed body is not a Bank131 notification');
  }
  return json as Bank131Notification;
}

/**
 * Bank131 (and Smart Glocal, the same API): a session per order, paid on the portal's card
 * payment form page with a card the bank's widget tokenized, the saved card (recurrent token)
 * or SBP. Requests are signed with our RSA key; notifications are verified with the bank's
 * on the raw body. `ready_to_confirm` is confirmed only for exactly the checkout's amount;
 * `payment_finished` and `payment_refunded` become the events the order state machine takes.
 */
export function createBank131Provider(config: Bank131Config, deps: Bank131Deps): Bank131Provider {
  const { db, now } = deps;
  const client = bank131Client(config);
  const session = (id: string) => ({ session_id: id });

  /** Whether the bank's figures are the checkout's own (minor units, currency in any case). */
  const sameAmount = (checkout: repo.Bank131Checkout, amount: Bank131Session['amount_details']) =>
    amount?.amount === checkout.amount && amount.currency.toUpperCase() === checkout.currency;

  async function finished(checkout: repo.Bank131Checkout, notice: Bank131Notification): Promise<PaymentEvent | null> {
    const payment = notice.session.acquiring_payments?.[0];
    const amount = payment?.amount_details ?? notice.session.amount_details;
    const base = {
      providerRef: notice.session.id,
      publicOrderId: payment?.metadata ?? notice.session.metadata ?? '',
      amount: amount?.amount ?? -1,
      currency: amount?.currency.toUpperCase() ?? '',
    };
    if (payment?.status === 'succeeded') {
      const card = payment.payment_details?.card;
      // Only a payment of exactly this checkout is kept as the buyer's card.
      const keep = sameAmount(checkout, amount) && card?.last4 && payment.recurrent_token;
      await repo.updateIf(db, checkout.id, ['open', 'processing'], {
        status: 'paid',
        updated_at: now(),
        ...(keep && {
          card_brand: brandName(card.brand),
          card_last4: card.last4,
          recurrent_token: payment.recurrent_token,
        }),
      });
      return { eventId: `payment_finished:${notice.session.id}:succeeded`, type: 'payment.succeeded', ...base };
    }
    const cancelled = notice.session.status === 'cancelled' && payment?.status !== 'failed';
    await repo.updateIf(db, checkout.id, ['open', 'processing'], {
      status: cancelled ? 'cancelled' : 'declined',
      updated_at: now(),
    });
    const type = cancelled ? 'checkout.abandoned' : 'payment.failed';
    // A cancelled session may still end paid (a payment the bank took first): each outcome is its own event.
    return { eventId: `payment_finished:${notice.session.id}:${cancelled ? 'cancelled' : 'failed'}`, type, ...base };
  }

  return {
    name: 'bank131',
    config,

    async createCheckout(request) {
      const created = await client.call(
        'api/v1/session/create',
        {
          amount_details: { amount: request.amount, currency: request.currency.toLowerCase() },
          customer: { reference: request.customerRef },
          metadata: request.publicOrderId,
        },
        request.idempotencyKey,
      );
      if (!created.session?.id) throw new Error('Bank131 returned no session');
      const stored = await repo.insertOrReuse(db, {
        id: `b131_${randomBytes(24).toString('base64url')}`,
        session_id: created.session.id,
        public_order_id: request.publicOrderId,
        amount: request.amount,
        currency: request.currency,
        description: request.description,
        return_url: request.returnUrl,
        customer_ref: request.customerRef,
        status: 'open',
        method: null,
        idempotency_key: request.idempotencyKey,
        sbp_qr_content: null,
        sbp_qr_image: null,
        card_brand: null,
        card_last4: null,
        recurrent_token: null,
        created_at: now(),
        updated_at: now(),
      });
      const formUrl = deps.formUrl(stored.id, request.publicOrderId);
      return {
        providerRef: stored.session_id,
        confirmationUrl: formUrl,
        block: { Bank131: { FormUrl: formUrl, ApiType: config.apiType, DemoMode: config.demo } },
      };
    },

    async parseNotification(rawBody, headers) {
      const signature = headers[BANK131_SIGNATURE_HEADER];
      if (typeof signature !== 'string' || !verifyBank131(rawBody, signature, config.bankPublicKeys)) {
        throw new WebhookSignatureError('X-PARTNER-SIGN does not verify with the bank key');
      }
      const notice = readNotification(rawBody);
      const checkout = await repo.findBySession(db, notice.session.id);
      // A session of another system on the same project: acknowledged, never acted on.
      if (!checkout) return null;
      switch (notice.type) {
        case 'ready_to_confirm': {
          // Money is server-side state: only exactly the checkout's amount is confirmed.
          const payment = notice.session.acquiring_payments?.[0];
          const ok = sameAmount(checkout, payment?.amount_details ?? notice.session.amount_details);
          const path = ok ? 'api/v1/session/confirm' : 'api/v1/session/cancel';
          await client.call(path, session(checkout.session_id), `${ok ? 'confirm' : 'cancel'}:${checkout.session_id}`);
          return null;
        }
        case 'ready_to_capture':
          await client.call('api/v1/session/capture', session(checkout.session_id), `capture:${checkout.session_id}`);
          return null;
        case 'action_required': {
          const qr = notice.session.acquiring_payments?.[0]?.customer_interaction?.inform?.qr;
          if (qr?.content) await repo.setQr(db, checkout.id, qr.content, qr.img ?? null, now());
          return null;
        }
        case 'payment_finished':
          return finished(checkout, notice);
        case 'payment_refunded': {
          await repo.updateIf(db, checkout.id, ['paid'], { status: 'refunded', updated_at: now() });
          const amount = notice.session.acquiring_payments?.[0]?.amount_details ?? notice.session.amount_details;
          return {
            eventId: `payment_refunded:${notice.session.id}`,
            type: 'payment.refunded',
            providerRef: notice.session.id,
            publicOrderId: notice.session.metadata ?? checkout.public_order_id,
            amount: amount?.amount ?? -1,
            currency: amount?.currency.toUpperCase() ?? '',
          };
        }
      }
    },

    async fetchStatus(providerRef): Promise<ProviderPaymentState> {
      const answer = await client.call('api/v1/session/status', session(providerRef));
      const found = answer.session;
      const payment = found?.acquiring_payments?.[0];
      if (payment?.refunds?.some((refund) => refund.status === 'succeeded')) return 'refunded';
      if (payment?.status === 'succeeded') return 'paid';
      if (found?.status === 'cancelled') return 'cancelled';
      if (found?.status === 'error' || payment?.status === 'failed') return 'failed';
      return 'open';
    },

    async cancelCheckout(providerRef) {
      try {
        await client.call('api/v1/session/cancel', session(providerRef), `cancel:${providerRef}`);
      } catch (error) {
        // A session already finished cannot be cancelled; if it was paid, the order is refunded.
        if (!(error instanceof Bank131ApiError)) throw error;
      }
    },

    async refund(providerRef) {
      const checkout = await repo.findBySession(db, providerRef);
      if (!checkout) throw new Error(`no Bank131 checkout for session ${providerRef}`);
      await client.call(
        'api/v1/session/refund',
        {
          ...session(providerRef),
          amount_details: { amount: checkout.amount, currency: checkout.currency.toLowerCase() },
        },
        `refund:${providerRef}`,
      );
    },

    findCheckout: (token) => repo.findCheckout(db, token),

    async savedCard(customerRef) {
      const card = customerRef ? await repo.findSavedCard(db, customerRef) : undefined;
      return card && { brand: card.brand, last4: card.last4 };
    },

    async widgetToken() {
      const answer = await client.call('api/v1/token', { tokenize_widget: { access: true } });
      if (!answer.public_token) throw new Error('Bank131 returned no public token');
      return answer.public_token;
    },

    async pay(checkout, method) {
      let paymentDetails: object;
      if (method.kind === 'card') {
        paymentDetails = {
          type: 'card',
          card: { type: 'tokenized_card', tokenized_card: { token: method.cardToken } },
        };
      } else if (method.kind === 'recurrent') {
        const saved = await repo.findSavedCard(db, checkout.customer_ref);
        if (!saved) throw new OrderStatusConflictError('no saved card', 'Pay');
        paymentDetails = { type: 'recurrent', recurrent: { token: saved.recurrentToken } };
      } else {
        paymentDetails = { type: 'faster_payment_system' };
      }
      const moved = await repo.updateIf(db, checkout.id, ['open'], {
        status: 'processing',
        method: method.kind,
        updated_at: now(),
      });
      if (!moved) throw new OrderStatusConflictError(`checkout ${checkout.status}`, 'Pay');
      try {
        await client.call(
          'api/v1/session/start/payment',
          {
            ...session(checkout.session_id),
            payment_details: paymentDetails,
            amount_details: { amount: checkout.amount, currency: checkout.currency.toLowerCase() },
            payment_options: { return_url: checkout.return_url },
            metadata: checkout.public_order_id,
          },
          `start:${checkout.session_id}:${now()}`,
        );
      } catch (error) {
        // The bank did not take it: the form is open again for another try.
        await repo.updateIf(db, checkout.id, ['processing'], { status: 'open', method: null, updated_at: now() });
        throw error;
      }
    },

    async abandon(checkout) {
      if (checkout.status !== 'open') throw new OrderStatusConflictError(`checkout ${checkout.status}`, 'Abandon');
      await client.call('api/v1/session/cancel', session(checkout.session_id), `cancel:${checkout.session_id}`);
    },
  };
}
