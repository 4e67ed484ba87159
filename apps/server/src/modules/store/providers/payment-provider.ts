import type { IncomingHttpHeaders } from 'node:http';
import type { CreatePaymentResponse, PaymentProviderName } from '@fxid/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** The create_payment block of each provider: its name capitalised, except the spec's MoneyMailRu. */
type ProviderBlockName = Capitalize<Exclude<PaymentProviderName, 'moneymailru'>> | 'MoneyMailRu';

/** What fxid asks a provider to charge; every figure comes from the order row. */
export interface CheckoutRequest {
  publicOrderId: string;
  /** Minor units. */
  amount: number;
  currency: string;
  description: string;
  /** The product's SKU in fxid's catalog, for a provider whose checkout lists items by SKU (Aghanim). */
  sku: string;
  embeddingType: 'Redirect' | 'Embed';
  /** Where the player lands after paying, declining or leaving. */
  returnUrl: string;
  /** One key per order, so a retry after a crash reuses the same checkout (security.md §8b). */
  idempotencyKey: string;
  /** The buyer (fxid's account id), for a provider that offers a buyer's saved card again. */
  customerRef: string;
}

export interface CheckoutStart {
  /** The provider's id of the checkout, kept on the order. */
  providerRef: string;
  /** Where the player pays (redirect or new tab); null when the checkout is embedded in the page. */
  confirmationUrl: string | null;
  /** The provider's own block of the create_payment response (spec store §3), named after the provider. */
  block: Pick<CreatePaymentResponse, Extract<keyof CreatePaymentResponse, ProviderBlockName>>;
}

/** A provider notification, verified and reduced to what the order state machine needs. */
export interface PaymentEvent {
  /** The provider's event id; UNIQUE per provider, so a repeat acts once. */
  eventId: string;
  type: 'payment.succeeded' | 'payment.failed' | 'checkout.abandoned' | 'payment.refunded';
  providerRef: string;
  /** Our order id as the provider echoes it. */
  publicOrderId: string;
  /** What the provider says it charged, compared with the order before anything is granted. */
  amount: number;
  currency: string;
}

/** One answer to a notification, in the provider's own terms. */
export interface ProviderAnswer {
  status: number;
  /** JSON unless contentType says otherwise; none: an empty body. */
  body?: unknown;
  /** A text answer's type (Money.Mail.Ru's `text/plain` lines). */
  contentType?: string;
}

/**
 * How a provider expects its notifications answered, when not fxid's default (200 with
 * `{Received, Duplicate}`, and a problem document for a refusal): Xsolla wants 204 and its
 * own error body, Money.Mail.Ru plain-text lines with its status codes, or they retry.
 */
export interface NotificationAnswers {
  /** The answer to a notification taken, repeated (`duplicate`) or genuine but not acted on. */
  taken(rawBody: Buffer, duplicate: boolean): ProviderAnswer;
  /** The provider's answer to a refused notification, or undefined to answer with fxid's problem document. */
  refused(error: unknown, rawBody: Buffer): ProviderAnswer | undefined;
}

export type ProviderPaymentState = 'open' | 'paid' | 'failed' | 'cancelled' | 'refunded';

/**
 * One payment provider (security.md §8). Implementations live one folder each beside
 * this file, each described by a ProviderDescriptor named in registry.ts, and are
 * chosen by config; the sandbox works offline.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  readonly answers?: NotificationAnswers;
  createCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /**
   * Only for a provider whose checkout is a row in fxid's own database (the sandbox): opens it
   * inside `trx`, the transaction that creates the order, so an order and its checkout commit
   * together, once. Never for a provider reached over the network: a transaction held across
   * a call out would hold SQLite's only connection for as long.
   */
  createCheckoutIn?(trx: Kysely<Database>, request: CheckoutRequest): Promise<CheckoutStart>;
  /**
   * Verifies a notification on the raw bytes received (never a re-serialization) and
   * parses it; throws WebhookSignatureError for a missing, wrong or stale signature.
   * Null for a genuine notification fxid does not act on (another event type, a
   * partial refund, a checkout still waiting for a delayed payment method).
   */
  parseNotification(
    rawBody: Buffer,
    headers: IncomingHttpHeaders,
    nowMs: number,
    /** The address the notification came from (the TCP peer, or the last hop a trusted proxy names). */
    sourceIp: string,
  ): PaymentEvent | null | Promise<PaymentEvent | null>;
  /** The provider's own view of a checkout, for out-of-order events and client claims. */
  fetchStatus(providerRef: string): Promise<ProviderPaymentState>;
  /** Closes an unpaid checkout so that it can no longer be paid. */
  cancelCheckout(providerRef: string): Promise<void>;
  refund(providerRef: string): Promise<void>;
}
