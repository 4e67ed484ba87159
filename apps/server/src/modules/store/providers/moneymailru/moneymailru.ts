import { WebhookSignatureError } from '../../../../errors.js';
import { percentEncodeCp1251 } from '../../../../lib/cp1251.js';
import { minorDigits, minorUnitsOf, toMajor } from '../../prices.js';
import type { NotificationAnswers, PaymentEvent, PaymentProvider, ProviderPaymentState } from '../payment-provider.js';
import {
  fromMailRuCurrency,
  INVOICE_ITEM_PATH,
  issuerIdOf,
  LIGHT_FORM_PATH,
  MAILRU_CURRENCIES,
  type MailRuApiAnswer,
  type MailRuInvoice,
  toMailRuCurrency,
} from './moneymailru-api.js';
import type { MoneyMailRuConfig } from './moneymailru-config.js';
import type { FakeMoneyMailRu } from './moneymailru-fake.js';
import { lightFormSignature, verifyNotification } from './moneymailru-signature.js';

/** Money.Mail.Ru's refusal codes: S0001 our technical error (it retries), S0002 bad notification, S0003 bad signature. */
export class MoneyMailRuRefusal extends WebhookSignatureError {
  constructor(
    readonly answerCode: 'S0001' | 'S0002' | 'S0003',
    reason: string,
  ) {
    super(reason);
  }
}

/** What fxid keeps of the invoice states `invoice.item` reports. */
const INVOICE_STATES: Partial<Record<MailRuInvoice['status'], ProviderPaymentState>> = {
  PAID: 'paid',
  REJECTED: 'cancelled',
  EXPIRED: 'cancelled',
};

/** Money.Mail.Ru's answer lines (platform-protocols.md §7b), with the item_number of the notification when it has one. */
function answerLines(rawBody: Buffer, lines: string[]) {
  const item = new URLSearchParams(rawBody.toString('latin1')).get('item_number');
  const head = item && /^\d{1,30}$/.test(item) ? [`item_number=${item}`] : [];
  return { status: 200, contentType: 'text/plain; charset=utf-8', body: [...head, ...lines].join('\n') };
}

const ANSWERS: NotificationAnswers = {
  // S0004 tells Money.Mail.Ru this item_number was already taken: it stops notifying.
  taken: (rawBody, duplicate) =>
    answerLines(rawBody, duplicate ? ['status=REJECTED', 'code=S0004'] : ['status=ACCEPTED']),
  refused: (error, rawBody) =>
    answerLines(rawBody, [
      'status=REJECTED',
      `code=${error instanceof MoneyMailRuRefusal ? error.answerCode : 'S0001'}`,
    ]),
};

export interface MoneyMailRuProvider extends PaymentProvider {
  /** In development without keys: the fake Money.Mail.Ru this server serves at /dev/moneymailru. */
  readonly devFake: FakeMoneyMailRu | undefined;
}

/**
 * Money.Mail.Ru (platform-protocols.md §7b): the player pays in Money.Mail.Ru's window, the
 * "light" payment form whose fields (shop, sum and currency from the order row, our order id as
 * issuer_id with keep_uniq so that it is invoiced once) fxid signs; only notifications signed with
 * the shop's secret move the order, and a paid one is re-read from the merchant API
 * (invoice.item), because the notification itself carries no amount to compare with the order.
 */
export function createMoneyMailRuProvider(
  config: MoneyMailRuConfig,
  deps: { hosts: { pay: string; api: string }; devFake?: FakeMoneyMailRu },
): MoneyMailRuProvider {
  /** invoice.item by Money.Mail.Ru's invoice number or by our order id; undefined when it has no such invoice. */
  async function readInvoice(
    by: { invoice_number: string } | { issuer_id: string },
  ): Promise<MailRuInvoice | undefined> {
    const response = await fetch(`${deps.hosts.api}${INVOICE_ITEM_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ ...by, key: config.apiKey }).toString(),
      signal: AbortSignal.timeout(20_000),
    });
    if (!response.ok) throw new Error(`Money.Mail.Ru answered invoice.item with ${response.status}`);
    const answer = (await response.json()) as MailRuApiAnswer<MailRuInvoice>;
    if ('errorcode' in answer) {
      if (answer.errorcode === 'E0005') return undefined;
      throw new Error(`Money.Mail.Ru refused invoice.item: ${answer.errorcode} ${answer.errormsg}`);
    }
    return answer.result;
  }

  /** A verified PAID notification, with what the invoice charged (fail closed: no invoice, no payment). */
  async function paidEvent(item: string, issuerId: string, publicOrderId: string): Promise<PaymentEvent> {
    const invoice = await readInvoice({ invoice_number: item });
    if (invoice?.status !== 'PAID')
      throw new MoneyMailRuRefusal('S0001', `invoice ${item} is not PAID at Money.Mail.Ru`);
    if (invoice.issuer_id !== issuerId) throw new MoneyMailRuRefusal('S0002', `invoice ${item} is not of this order`);
    const currency = fromMailRuCurrency(invoice.currency);
    return {
      eventId: `${item}:PAID`,
      type: 'payment.succeeded',
      providerRef: publicOrderId,
      publicOrderId,
      amount: /^[A-Z]{3}$/.test(currency) ? minorUnitsOf(Number(invoice.amount), currency) : -1,
      currency,
    };
  }

  return {
    name: 'moneymailru',
    devFake: deps.devFake,
    answers: ANSWERS,

    async createCheckout(request) {
      const currency = toMailRuCurrency(request.currency);
      if (!(MAILRU_CURRENCIES as readonly string[]).includes(currency))
        throw new Error(`Money.Mail.Ru invoices in RUB, USD or EUR, not ${request.currency}`);
      // Priced from the order row alone; keep_uniq: Money.Mail.Ru invoices this issuer_id once.
      const fields: Record<string, string> = {
        shop_id: config.shopId,
        currency,
        sum: toMajor(request.amount, request.currency).toFixed(minorDigits(request.currency)),
        description: request.description.slice(0, 255),
        issuer_id: request.publicOrderId,
        keep_uniq: '1',
      };
      fields.signature = lightFormSignature(fields, config.secretKeys[0] ?? '');
      // The form's values travel as cp1251, as from a windows-1251 page (the signature is over those bytes).
      const query = Object.entries(fields)
        .map(([key, value]) => `${key}=${percentEncodeCp1251(value)}`)
        .join('&');
      const paymentUri = `${deps.hosts.pay}${LIGHT_FORM_PATH}?${query}`;
      return {
        providerRef: request.publicOrderId,
        confirmationUrl: request.embeddingType === 'Redirect' ? paymentUri : null,
        block: { MoneyMailRu: { PaymentUri: paymentUri } },
      };
    },

    async parseNotification(rawBody) {
      const verdict = verifyNotification(rawBody.toString('latin1'), config.secretKeys);
      if (!verdict.ok) throw new MoneyMailRuRefusal(verdict.code, verdict.reason);
      const field = (name: string) => verdict.pairs.get(name) ?? '';
      const item = field('item_number');
      const issuerId = field('issuer_id');
      const publicOrderId = Buffer.from(issuerId, 'base64').toString('latin1');
      if (!/^\d{1,30}$/.test(item) || !issuerId || issuerIdOf(publicOrderId) !== issuerId)
        throw new MoneyMailRuRefusal('S0002', 'item_number or issuer_id missing or malformed');
      // PAYMENT notifications (transfers without an invoice) and DELIVERED (the invoice reached the payer) change nothing.
      if (field('type') !== 'INVOICE') return null;
      if (field('status') === 'PAID') return paidEvent(item, issuerId, publicOrderId);
      if (field('status') === 'REJECTED')
        return {
          eventId: `${item}:REJECTED`,
          type: 'checkout.abandoned',
          providerRef: publicOrderId,
          publicOrderId,
          amount: 0,
          currency: '',
        };
      return null;
    },

    async fetchStatus(providerRef) {
      const invoice = await readInvoice({ issuer_id: issuerIdOf(providerRef) });
      return (invoice && INVOICE_STATES[invoice.status]) ?? 'open';
    },

    async cancelCheckout() {
      // The light scheme has no call that withdraws an invoice: the portal closes the window, and a
      // payment that still lands on a cancelled order is kept cancelled and queued for refund.
    },

    async refund(providerRef) {
      // Nor one that refunds: the outbox job fails visibly, for a refund in Money.Mail.Ru's merchant interface.
      throw new Error(`Money.Mail.Ru has no refund call: refund order ${providerRef} in its merchant interface`);
    },
  };
}
