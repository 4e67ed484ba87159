import { WebhookSignatureError } from '../../../../errors.js';
import { toMajor } from '../../prices.js';
import type { PaymentProvider, ProviderPaymentState } from '../payment-provider.js';
import {
  AGHANIM_ORDER_METADATA_KEY,
  type AghanimOrder,
  type AghanimOrderCreated,
  type AghanimOrderStatus,
} from './aghanim-api.js';
import type { AghanimConfig } from './aghanim-config.js';
import type { FakeAghanim } from './aghanim-fake.js';
import { aghanimPaymentEvent, readAghanimWebhook } from './aghanim-notifications.js';
import { verifyAghanimSignature } from './aghanim-signature.js';

/** Aghanim's order statuses, as fxid's view of a checkout. */
const ORDER_STATES: Partial<Record<AghanimOrderStatus, ProviderPaymentState>> = {
  paid: 'paid',
  canceled: 'cancelled',
  refunded: 'refunded',
};

export interface AghanimProvider extends PaymentProvider {
  /** In development without keys: the fake Aghanim this server serves at /dev/aghanim (its API and checkout). */
  readonly devFake: FakeAghanim | undefined;
}

/**
 * Aghanim (platform-protocols.md §8): an order per fxid order through the S2S orders API
 * (priced from the order row, our order id in its metadata, an Idempotency-Key), paid on
 * Aghanim's checkout in a new tab; only webhooks signed with the webhook secret move the order.
 */
export function createAghanimProvider(
  config: AghanimConfig,
  deps: { apiBase: string; devFake?: FakeAghanim },
): AghanimProvider {
  async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, key?: string): Promise<T> {
    const response = await fetch(`${deps.apiBase}/s2s/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${config.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`Aghanim answered ${method} /s2s/v1${path} with ${response.status}`);
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

  return {
    name: 'aghanim',
    devFake: deps.devFake,

    async createCheckout(request) {
      const created = await call<AghanimOrderCreated>(
        'POST',
        '/orders',
        {
          // The buyer is fxid's account; price and currency come from the order row alone.
          player_id: request.customerRef,
          items: [{ sku: request.sku, quantity: 1, name: request.description }],
          currency: request.currency,
          price_decimal: toMajor(request.amount, request.currency),
          back_to_game_url: request.returnUrl,
          redirect_settings: { mode: 'immediate', target: 'game' },
          metadata: { [AGHANIM_ORDER_METADATA_KEY]: request.publicOrderId },
        },
        request.idempotencyKey,
      );
      if (!created?.order_id || !created.checkout_url) throw new Error('Aghanim returned no order');
      return {
        providerRef: created.order_id,
        confirmationUrl: request.embeddingType === 'Redirect' ? created.checkout_url : null,
        block: { Aghanim: { CheckoutUrl: created.checkout_url } },
      };
    },

    parseNotification(rawBody, headers, nowMs) {
      const verdict = verifyAghanimSignature(rawBody, headers, config.webhookSecrets, nowMs);
      if (!verdict.ok) throw new WebhookSignatureError(verdict.reason);
      const envelope = readAghanimWebhook(rawBody);
      // A sandbox order is not money: a live setup never acts on one (platform-protocols.md R2).
      if (envelope.sandbox && !config.sandbox) return null;
      return aghanimPaymentEvent(envelope);
    },

    async fetchStatus(providerRef) {
      const order = await call<AghanimOrder>('GET', orderPath(providerRef));
      return ORDER_STATES[order.status] ?? 'open';
    },

    async cancelCheckout(providerRef) {
      // An expired order can no longer be paid; one paid a moment before still arrives and is refunded.
      await call('PATCH', `${orderPath(providerRef)}/expire`);
    },

    async refund(providerRef) {
      await call('POST', `${orderPath(providerRef)}/refund`, { reason: `Refund of fxid order ${providerRef}` });
    },
  };
}
