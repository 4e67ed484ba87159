import type { IncomingHttpHeaders } from 'node:http';
// The official SDK rather than hand-written HTTP: it pins the API version per client, sends
// idempotency keys, retries safely, and its constructEvent is the reference implementation
// of the webhook signature (security.md §8a). No dependencies of its own; engines >= 20.
import Stripe from 'stripe';
import { WebhookSignatureError } from '../../../../errors.js';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../../../lib/webhook-signature.js';
import type { PaymentEvent, PaymentProvider, ProviderPaymentState } from '../payment-provider.js';
import type { StripeConfig } from './stripe-config.js';

/**
 * The API version every request is made with. Checkout's `ui_mode` values changed in
 * 2026-03-25.dahlia (`embedded` → `embedded_page`, `hosted` → `hosted_page`), so the
 * version is pinned rather than taken from the account's default (security.md §8c).
 * Raising it is a deliberate change together with the SDK major.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' satisfies Stripe.LatestApiVersion;

/** The header Stripe signs its webhooks in. */
export const STRIPE_SIGNATURE_HEADER = 'stripe-signature';

/** Our order id in a Checkout Session's metadata (also its client_reference_id). */
export const STRIPE_ORDER_METADATA_KEY = 'PublicOrderId';

export function createStripeClient(config: StripeConfig): Stripe {
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // Every POST carries our own idempotency key, so retrying a network failure is safe.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(config.apiBase ?? {}),
  });
}

/** The `t=` of a Stripe-Signature header, to refuse future timestamps that the SDK lets through. */
function signatureTimestamp(header: string): number | undefined {
  const t = header
    .split(',')
    .map((item) => item.trim().split('='))
    .find(([key]) => key === 't')?.[1];
  return t && /^\d{1,12}$/.test(t) ? Number(t) : undefined;
}

/**
 * Verifies a Stripe webhook on the raw body against each configured secret (several
 * during rotation); the SDK tries every `v1` in the header. The SDK only refuses old
 * timestamps, so future ones are refused here (security.md §8a.4).
 */
export function verifyStripeEvent(
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  secrets: readonly string[],
  nowMs: number,
): Stripe.Event {
  const header = headers[STRIPE_SIGNATURE_HEADER];
  if (typeof header !== 'string' || header === '') throw new WebhookSignatureError('missing signature header');
  const timestamp = signatureTimestamp(header);
  if (timestamp === undefined) throw new WebhookSignatureError('no timestamp in signature header');
  if (timestamp - nowMs / 1000 > WEBHOOK_TOLERANCE_SECONDS) throw new WebhookSignatureError('timestamp in the future');
  let reason = 'no webhook secret configured';
  for (const secret of secrets) {
    try {
      return Stripe.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, nowMs);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
      reason = error.message.split('\n')[0] ?? 'signature does not match';
    }
  }
  throw new WebhookSignatureError(reason);
}

const SESSION_EVENTS: Partial<Record<Stripe.Event['type'], PaymentEvent['type']>> = {
  'checkout.session.completed': 'payment.succeeded',
  'checkout.session.async_payment_succeeded': 'payment.succeeded',
  'checkout.session.async_payment_failed': 'payment.failed',
  'checkout.session.expired': 'checkout.abandoned',
};

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  return typeof value === 'string' ? value : value?.id;
}

function eventFromSession(eventId: string, type: PaymentEvent['type'], session: Stripe.Checkout.Session) {
  // A completed checkout paid with a delayed method is not money yet: async_payment_succeeded follows.
  if (type === 'payment.succeeded' && session.payment_status === 'unpaid') return null;
  const publicOrderId = session.metadata?.[STRIPE_ORDER_METADATA_KEY] ?? session.client_reference_id;
  if (!publicOrderId) return null;
  return {
    eventId,
    type,
    providerRef: session.id,
    publicOrderId,
    amount: session.amount_total ?? -1,
    currency: (session.currency ?? '').toUpperCase(),
  } satisfies PaymentEvent;
}

/**
 * Stripe Checkout: an embedded Checkout Session (hosted page for Redirect), confirmed
 * only by signed webhooks; the return page and the client's word grant nothing.
 */
export function createStripeProvider(config: StripeConfig, stripe = createStripeClient(config)): PaymentProvider {
  return {
    name: 'stripe',

    async createCheckout(request) {
      const embedded = request.embeddingType === 'Embed';
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // One line for the whole order, priced from the order row: nothing the client sent.
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: request.currency.toLowerCase(),
                unit_amount: request.amount,
                product_data: { name: request.description },
              },
            },
          ],
          client_reference_id: request.publicOrderId,
          metadata: { [STRIPE_ORDER_METADATA_KEY]: request.publicOrderId },
          payment_intent_data: { metadata: { [STRIPE_ORDER_METADATA_KEY]: request.publicOrderId } },
          ...(embedded
            ? { ui_mode: 'embedded_page', return_url: request.returnUrl, redirect_on_completion: 'if_required' }
            : { ui_mode: 'hosted_page', success_url: request.returnUrl, cancel_url: request.returnUrl }),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (embedded && !session.client_secret) throw new Error('Stripe returned no client secret');
      if (!embedded && !session.url) throw new Error('Stripe returned no checkout url');
      return {
        providerRef: session.id,
        confirmationUrl: embedded ? null : session.url,
        block: {
          Stripe: {
            SessionClientSecret: session.client_secret,
            PublishableKey: config.publishableKey,
            SessionId: session.id,
          },
        },
      };
    },

    async parseNotification(rawBody, headers, nowMs) {
      const event = verifyStripeEvent(rawBody, headers, config.webhookSecrets, nowMs);
      const sessionType = SESSION_EVENTS[event.type];
      if (sessionType) return eventFromSession(event.id, sessionType, event.data.object as Stripe.Checkout.Session);
      if (event.type !== 'charge.refunded') return null;
      const charge = event.data.object as Stripe.Charge;
      // Only a full refund ends the order; a charge names its payment, not our checkout, so look that up.
      const paymentIntent = idOf(charge.payment_intent);
      if (!charge.refunded || !paymentIntent) return null;
      const sessions = await stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
      const session = sessions.data[0];
      return session ? eventFromSession(event.id, 'payment.refunded', session) : null;
    },

    async fetchStatus(providerRef): Promise<ProviderPaymentState> {
      const session = await stripe.checkout.sessions.retrieve(providerRef);
      if (session.status === 'expired') return 'cancelled';
      if (session.status !== 'complete') return 'open';
      return session.payment_status === 'unpaid' ? 'open' : 'paid';
    },

    async cancelCheckout(providerRef) {
      try {
        await stripe.checkout.sessions.expire(providerRef);
      } catch (error) {
        // Already complete or expired: its webhook settles the order (a late payment is refunded).
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
    },

    async refund(providerRef) {
      const session = await stripe.checkout.sessions.retrieve(providerRef);
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) throw new Error(`Stripe session ${providerRef} has no payment to refund`);
      await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: `refund:${providerRef}` });
    },
  };
}
