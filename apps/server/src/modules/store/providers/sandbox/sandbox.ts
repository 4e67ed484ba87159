import type { IncomingHttpHeaders } from 'node:http';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../../db/schema.js';
import { WebhookSignatureError } from '../../../../errors.js';
import { newId } from '../../../../lib/ids.js';
import { randomBytesPooled } from '../../../../lib/random-bytes.js';
import { signWebhook, verifyWebhook } from '../../../../lib/webhook-signature.js';
import { enqueue } from '../../../outbox/outbox.js';
import type {
  CheckoutRequest,
  CheckoutStart,
  PaymentEvent,
  PaymentProvider,
  ProviderPaymentState,
} from '../payment-provider.js';
import type { SavedCard } from './card-brand.js';
import * as repo from './sandbox-repository.js';

/** Header the sandbox signs its notifications in (same scheme as Stripe-Signature). */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** Outbox kind of a notification the sandbox owes fxid. */
export const SANDBOX_NOTIFICATION_JOB = 'sandbox_notification';

export type SandboxChoice = 'Pay' | 'Decline' | 'Abandon';

const CHOICES = {
  Pay: { status: 'paid', event: 'payment.succeeded' },
  Decline: { status: 'declined', event: 'payment.failed' },
  Abandon: { status: 'abandoned', event: 'checkout.abandoned' },
} as const;

/** What the sandbox posts to fxid's notification endpoint. */
const NotificationSchema = z.object({
  id: z.string().regex(/^evt_[\w-]{1,64}$/),
  type: z.enum(['payment.succeeded', 'payment.failed', 'checkout.abandoned', 'payment.refunded']),
  created: z.number().int(),
  data: z.object({
    checkout: z.string().min(1).max(128),
    order: z.string().min(1).max(64),
    amount: z.number().int().nonnegative(),
    currency: z.string().regex(/^[A-Z]{3}$/),
  }),
});

export interface SandboxOptions {
  db: Kysely<Database>;
  now: () => number;
  /** HMAC secrets; the first signs, every one verifies. */
  secrets: string[];
  /** The address of a checkout's page: the portal's card payment form `/{id}`. */
  checkoutUrl: (id: string) => string;
  /**
   * Sends a signed notification to fxid's own endpoint and gives the HTTP status.
   * The app passes its in-process HTTP stack, so the sandbox needs no network.
   */
  send: (body: string, headers: Record<string, string>) => Promise<number>;
}

export interface SandboxProvider extends PaymentProvider {
  /** The checkout as the payment form page shows it. */
  findCheckout(id: string): Promise<repo.SandboxPayment | undefined>;
  /** The card the buyer last paid with, which the payment form offers again. */
  savedCard(customerRef: string): Promise<SavedCard | undefined>;
  /**
   * The player's choice on the payment form page. It closes the checkout (keeping the
   * card of a Pay) and queues the signed notification in the same transaction, so a
   * crash loses neither; false when the checkout was no longer open.
   */
  choose(id: string, choice: SandboxChoice, card?: SavedCard): Promise<boolean>;
  /** Outbox handler: signs a queued notification afresh and posts it; a non-2xx answer retries. */
  deliverNotification(payload: unknown): Promise<void>;
}

/** The built-in, offline payment provider; its checkout is the portal's card payment form page. */
export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const { db, now, secrets, checkoutUrl, send } = options;

  async function openCheckout(trx: Kysely<Database>, request: CheckoutRequest): Promise<CheckoutStart> {
    const stored = await repo.insertOrReuse(trx, {
      id: `sbx_${randomBytesPooled(24).toString('base64url')}`,
      public_order_id: request.publicOrderId,
      amount: request.amount,
      currency: request.currency,
      description: request.description,
      return_url: request.returnUrl,
      status: 'open',
      idempotency_key: request.idempotencyKey,
      customer_ref: request.customerRef,
      card_brand: null,
      card_last4: null,
      created_at: now(),
      updated_at: now(),
    });
    const confirmationUrl = checkoutUrl(stored.id);
    return { providerRef: stored.id, confirmationUrl, block: { Sandbox: { CheckoutUrl: confirmationUrl } } };
  }

  return {
    name: 'sandbox',

    createCheckout: (request) => openCheckout(db, request),

    createCheckoutIn: openCheckout,

    parseNotification(rawBody: Buffer, headers: IncomingHttpHeaders, nowMs: number): PaymentEvent {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      const verdict = verifyWebhook(typeof header === 'string' ? header : undefined, rawBody, secrets, nowMs);
      if (!verdict.ok) throw new WebhookSignatureError(verdict.reason);
      let parsed: z.infer<typeof NotificationSchema>;
      try {
        parsed = NotificationSchema.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new WebhookSignatureError('signed body is not a sandbox event');
      }
      return {
        eventId: parsed.id,
        type: parsed.type,
        providerRef: parsed.data.checkout,
        publicOrderId: parsed.data.order,
        amount: parsed.data.amount,
        currency: parsed.data.currency,
      };
    },

    async fetchStatus(providerRef): Promise<ProviderPaymentState> {
      const payment = await repo.findSandboxPayment(db, providerRef);
      if (!payment) return 'failed';
      const states = { open: 'open', paid: 'paid', declined: 'failed', abandoned: 'cancelled', refunded: 'refunded' };
      return states[payment.status] as ProviderPaymentState;
    },

    async cancelCheckout(providerRef) {
      await repo.updateSandboxStatusIf(db, providerRef, 'open', 'abandoned', now());
    },

    async refund(providerRef) {
      await repo.updateSandboxStatusIf(db, providerRef, 'paid', 'refunded', now());
    },

    findCheckout: (id) => repo.findSandboxPayment(db, id),

    // An account's checkouts made before buyers were kept have '' and match nobody.
    savedCard: async (customerRef) => (customerRef ? repo.findLastCard(db, customerRef) : undefined),

    async choose(id, choice, card) {
      const { status, event } = CHOICES[choice];
      const paidWith = choice === 'Pay' ? card : undefined;
      return db.transaction().execute(async (trx) => {
        const payment = await repo.updateSandboxStatusIf(trx, id, 'open', status, now(), paidWith);
        if (!payment) return false;
        const notification: z.infer<typeof NotificationSchema> = {
          id: `evt_${newId()}`,
          type: event,
          created: Math.floor(now() / 1000),
          data: { checkout: id, order: payment.public_order_id, amount: payment.amount, currency: payment.currency },
        };
        await enqueue(trx, SANDBOX_NOTIFICATION_JOB, notification, now());
        return true;
      });
    },

    async deliverNotification(payload) {
      const body = JSON.stringify(payload);
      const secret = secrets[0];
      if (!secret) throw new Error('the sandbox has no webhook secret');
      const status = await send(body, {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(now() / 1000)),
      });
      if (status < 200 || status >= 300) throw new Error(`fxid answered the sandbox notification with ${status}`);
    },
  };
}
