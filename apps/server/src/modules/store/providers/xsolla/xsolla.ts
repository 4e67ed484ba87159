import type { Kysely } from 'kysely';
import type { Database } from '../../../../db/schema.js';
import { WebhookSignatureError } from '../../../../errors.js';
import { findAccount } from '../../../accounts/accounts-service.js';
import { toMajor } from '../../prices.js';
import type { PaymentProvider, ProviderPaymentState } from '../payment-provider.js';
import { XSOLLA_API_BASE, type XsollaConfig } from './xsolla-config.js';
import {
  readXsollaNotification,
  XSOLLA_REFUSAL_STATUS,
  XsollaRefusal,
  xsollaPaymentEvent,
} from './xsolla-notifications.js';
import { verifyXsollaSignature } from './xsolla-signature.js';

/** Pay Station, where a token is paid (security.md §8d); the sandbox takes test cards only. */
export const PAY_STATION = {
  live: 'https://secure.xsolla.com/paystation4/',
  sandbox: 'https://sandbox-secure.xsolla.com/paystation4/',
} as const;

/** One transaction of Xsolla's transaction search, as far as fxid reads it. */
interface XsollaTransaction {
  transaction: { id: number; external_id?: string; status?: string };
}

/** Xsolla's transaction statuses, as fxid's view of a checkout. */
const TRANSACTION_STATES: Record<string, ProviderPaymentState> = {
  done: 'paid',
  refunded: 'refunded',
  canceled: 'cancelled',
};

/**
 * Xsolla Pay Station (security.md §8d, platform-protocols.md §10): a token per order from
 * the merchant API, paid in Pay Station (the embed widget, or a redirect), confirmed only
 * by notifications signed with the project's secret key. Our order id is the token's
 * external_id, which Xsolla echoes in every notification and which fxid keeps as the
 * checkout's reference.
 */
export function createXsollaProvider(
  config: XsollaConfig,
  deps: {
    db: Kysely<Database>;
    /** In development without keys, the fake this server serves: its merchant API origin and Pay Station page. */
    devFake?: { apiBase: string; payStation: string };
  },
): PaymentProvider {
  const apiBase = deps.devFake?.apiBase ?? config.apiBase ?? XSOLLA_API_BASE;
  const payStation = deps.devFake?.payStation ?? (config.sandbox ? PAY_STATION.sandbox : PAY_STATION.live);
  const merchant = `${apiBase}/merchant/v2/merchants/${config.merchantId}`;
  const authorization = `Basic ${Buffer.from(`${config.merchantId}:${config.apiKey}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Response> {
    const response = await fetch(url, {
      method,
      headers: {
        authorization,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`Xsolla answered ${method} ${new URL(url).pathname} with ${response.status}`);
    return response;
  }

  /** The order's transactions at Xsolla, newest last as the search lists them. */
  async function transactionsOf(publicOrderId: string): Promise<XsollaTransaction[]> {
    const query = new URLSearchParams({
      project_id: String(config.projectId),
      external_id: publicOrderId,
      type: 'all',
    });
    const found = (await (
      await call('GET', `${merchant}/reports/transactions/search.json?${query}`)
    ).json()) as unknown;
    return Array.isArray(found) ? (found as XsollaTransaction[]) : [];
  }

  return {
    name: 'xsolla',

    answers: {
      // Xsolla's SDK contract: 204 with no body, else its error object (platform-protocols.md §10c).
      taken: () => ({ status: 204 }),
      refused(error) {
        const refusal =
          error instanceof WebhookSignatureError ? new XsollaRefusal('INVALID_SIGNATURE', 'Invalid signature') : error;
        if (!(refusal instanceof XsollaRefusal)) return undefined;
        return {
          status: XSOLLA_REFUSAL_STATUS[refusal.code],
          body: { error: { code: refusal.code, message: refusal.message } },
        };
      },
    },

    async createCheckout(request) {
      // Xsolla's token API takes no idempotency key: a retried order gets another token with the
      // same external_id, and whichever is paid lands on this order.
      const response = await call('POST', `${merchant}/token`, {
        user: { id: { value: request.customerRef } },
        settings: {
          project_id: config.projectId,
          external_id: request.publicOrderId,
          return_url: request.returnUrl,
          currency: request.currency,
          ...(config.sandbox ? { mode: 'sandbox' } : {}),
        },
        // Priced from the order row alone, in Xsolla's decimal units.
        purchase: {
          checkout: { amount: toMajor(request.amount, request.currency), currency: request.currency },
          description: { value: request.description },
        },
      });
      const { token } = (await response.json()) as { token?: unknown };
      if (typeof token !== 'string' || token === '') throw new Error('Xsolla returned no token');
      const url = `${payStation}?token=${encodeURIComponent(token)}`;
      return {
        providerRef: request.publicOrderId,
        confirmationUrl: request.embeddingType === 'Redirect' ? url : null,
        block: { Xsolla: { PaymentToken: token, Sandbox: config.sandbox, ConfirmationUrl: url } },
      };
    },

    async parseNotification(rawBody, headers) {
      const verdict = verifyXsollaSignature(rawBody, headers, config.webhookSecrets);
      if (!verdict.ok) throw new WebhookSignatureError(verdict.reason);
      const notification = readXsollaNotification(rawBody);
      const project = notification.settings?.project_id;
      if (project !== undefined && project !== config.projectId) {
        throw new XsollaRefusal('INVALID_PARAMETER', 'The notification is for another project');
      }
      if (notification.notification_type === 'user_validation') {
        // Pay Station asks whether the buyer of a token exists: fxid's account id is the user id.
        const userId = notification.user?.id;
        if (!userId || !(await findAccount(deps.db, userId))) throw new XsollaRefusal('INVALID_USER', 'No such user');
        return null;
      }
      // A sandbox (dry-run) payment is not money: a live project never acts on one.
      if (notification.transaction?.dry_run && !config.sandbox) return null;
      return xsollaPaymentEvent(notification);
    },

    async fetchStatus(providerRef) {
      const transactions = await transactionsOf(providerRef);
      const last = transactions.at(-1)?.transaction.status;
      return (last === undefined ? undefined : TRANSACTION_STATES[last]) ?? 'open';
    },

    async cancelCheckout() {
      // A Pay Station token cannot be revoked; it lapses after 24 h. A payment made after fxid
      // gave the order up still arrives as a notification and is refunded (CancelledPaid).
    },

    async refund(providerRef) {
      const paid = (await transactionsOf(providerRef)).find((entry) => entry.transaction.status === 'done');
      if (!paid) throw new Error(`Xsolla has no paid transaction for ${providerRef} to refund`);
      await call('POST', `${merchant}/reports/transactions/${paid.transaction.id}/refund`, {
        description: `Refund of order ${providerRef}`,
      });
    },
  };
}
