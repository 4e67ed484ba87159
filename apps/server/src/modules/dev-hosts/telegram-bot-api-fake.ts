import { randomBytes, randomInt } from 'node:crypto';

/**
 * A fake Telegram Bot API (development simulator and tests): the methods fxid calls,
 * answered as Telegram answers them (`{ ok, result }` / `{ ok: false, error_code,
 * description }`), and the part of Telegram that pays a Stars invoice: it sends the
 * bot's webhook `pre_checkout_query`, waits for answerPreCheckoutQuery, then sends the
 * `successful_payment` service message, each with the webhook's secret token header.
 */

export interface FakeInvoice {
  slug: string;
  token: string;
  title: string;
  description: string;
  payload: string;
  currency: string;
  amount: number;
}

export interface FakeCharge {
  chargeId: string;
  token: string;
  userId: number;
  invoice: FakeInvoice;
  refunded: boolean;
}

/** Posts one update to a webhook with its secret; answers the webhook's HTTP status and body. */
export type Deliver = (url: string, secretToken: string, update: object) => Promise<{ status: number; body: unknown }>;

export type BotApiAnswer = { status: number; body: Record<string, unknown> };

export interface PayOutcome {
  /** What openInvoice's callback says: paid, or failed when the bot refused or did not answer. */
  status: 'paid' | 'failed';
  errorMessage?: string;
  chargeId?: string;
  /** What our webhook answered to each update, for the simulator's log. */
  deliveries: { update: string; status: number; body: unknown }[];
}

const fail = (status: number, description: string): BotApiAnswer => ({
  status,
  body: { ok: false, error_code: status, description },
});
const ok = (result: unknown): BotApiAnswer => ({ status: 200, body: { ok: true, result } });

/** How long Telegram waits for answerPreCheckoutQuery before cancelling the payment. */
const PRE_CHECKOUT_TIMEOUT_MS = 10_000;

export class FakeTelegramBotApi {
  readonly invoices = new Map<string, FakeInvoice>();
  readonly charges = new Map<string, FakeCharge>();
  readonly preCheckoutAnswers = new Map<string, { ok: boolean; error_message?: string }>();
  readonly calls: { method: string; params: Record<string, unknown> }[] = [];
  private readonly webhooks = new Map<string, { url: string; secretToken: string }>();
  private updateId = randomInt(100_000, 900_000);

  /** `knowsToken` plays Telegram's check of the bot token (401 Unauthorized otherwise). */
  constructor(
    private readonly knowsToken: (token: string) => boolean,
    private readonly deliver: Deliver,
  ) {}

  /** One Bot API call: `/bot{token}/{method}` with JSON parameters. */
  handle(token: string, method: string, params: Record<string, unknown>): BotApiAnswer {
    if (!this.knowsToken(token)) return fail(401, 'Unauthorized');
    this.calls.push({ method, params });
    switch (method) {
      case 'setWebhook':
        return this.setWebhook(token, params);
      case 'createInvoiceLink':
        return this.createInvoiceLink(token, params);
      case 'answerPreCheckoutQuery': {
        const id = String(params.pre_checkout_query_id ?? '');
        if (!id) return fail(400, 'Bad Request: query id is empty');
        if (params.ok !== true && !params.error_message) return fail(400, 'Bad Request: error_message is required');
        this.preCheckoutAnswers.set(id, {
          ok: params.ok === true,
          ...(params.error_message ? { error_message: String(params.error_message) } : {}),
        });
        return ok(true);
      }
      case 'refundStarPayment': {
        const charge = this.charges.get(String(params.telegram_payment_charge_id ?? ''));
        if (!charge || charge.token !== token || charge.userId !== Number(params.user_id)) {
          return fail(400, 'Bad Request: CHARGE_NOT_FOUND');
        }
        if (charge.refunded) return fail(400, 'Bad Request: CHARGE_ALREADY_REFUNDED');
        charge.refunded = true;
        return ok(true);
      }
      default:
        return fail(404, 'Not Found: method not found');
    }
  }

  /** setWebhook, as an operator calls it once per bot. */
  setWebhook(token: string, params: Record<string, unknown>): BotApiAnswer {
    const url = String(params.url ?? '');
    if (!/^https?:\/\//.test(url)) return fail(400, 'Bad Request: bad webhook: invalid URL');
    this.webhooks.set(token, { url, secretToken: String(params.secret_token ?? '') });
    return ok(true);
  }

  private createInvoiceLink(token: string, params: Record<string, unknown>): BotApiAnswer {
    const prices = params.prices as { label?: string; amount?: number }[] | undefined;
    const title = String(params.title ?? '');
    const payload = String(params.payload ?? '');
    if (title.length < 1 || title.length > 32) return fail(400, 'Bad Request: invoice title is invalid');
    if (payload.length < 1 || Buffer.byteLength(payload) > 128)
      return fail(400, 'Bad Request: invoice payload is invalid');
    if (params.currency !== 'XTR') return fail(400, 'Bad Request: CURRENCY_INVALID');
    // Stars: exactly one price, whole Stars, and no provider token.
    if (params.provider_token || !Array.isArray(prices) || prices.length !== 1) {
      return fail(400, 'Bad Request: CURRENCY_TOTAL_AMOUNT_INVALID');
    }
    const amount = prices[0]?.amount;
    if (!Number.isSafeInteger(amount) || (amount ?? 0) < 1)
      return fail(400, 'Bad Request: CURRENCY_TOTAL_AMOUNT_INVALID');
    const slug = randomBytes(12).toString('base64url');
    this.invoices.set(slug, {
      slug,
      token,
      title,
      description: String(params.description ?? ''),
      payload,
      currency: 'XTR',
      amount: amount ?? 0,
    });
    return ok(`https://t.me/$${slug}`);
  }

  /** The invoice of a link Telegram made (`https://t.me/$slug` or `https://t.me/invoice/slug`). */
  invoiceOf(slugOrUrl: string): FakeInvoice | undefined {
    const slug = slugOrUrl.replace(/^https:\/\/t\.me\/(\$|invoice\/)/, '');
    return this.invoices.get(slug);
  }

  /**
   * The player presses Pay: pre_checkout_query to the bot's webhook; with the bot's ok,
   * the charge and the successful_payment message; otherwise the invoice fails with the
   * bot's error message, as Telegram shows it.
   */
  async pay(slug: string, payer: { id: number; first_name: string }, override: Partial<FakeInvoice> = {}) {
    const found = this.invoiceOf(slug);
    if (!found) throw new Error(`No invoice ${slug}`);
    const invoice = { ...found, ...override };
    const webhook = this.webhooks.get(invoice.token);
    const deliveries: PayOutcome['deliveries'] = [];
    if (!webhook) return { status: 'failed', errorMessage: 'The bot has no webhook', deliveries } satisfies PayOutcome;
    const queryId = String(randomInt(1e9, 9e9));
    const preCheckout = await this.deliver(webhook.url, webhook.secretToken, {
      update_id: this.updateId++,
      pre_checkout_query: {
        id: queryId,
        from: { id: payer.id, is_bot: false, first_name: payer.first_name },
        currency: invoice.currency,
        total_amount: invoice.amount,
        invoice_payload: invoice.payload,
      },
    });
    deliveries.push({ update: 'pre_checkout_query', ...preCheckout });
    const answer = await this.answerTo(queryId);
    if (!answer?.ok) {
      const errorMessage = answer?.error_message ?? 'The bot did not answer in time';
      return { status: 'failed', errorMessage, deliveries } satisfies PayOutcome;
    }
    const chargeId = `stxfake${randomBytes(18).toString('base64url')}`;
    this.charges.set(chargeId, { chargeId, token: invoice.token, userId: payer.id, invoice, refunded: false });
    const paid = await this.deliverPayment(chargeId, payer, 'successful_payment');
    deliveries.push({ update: 'successful_payment', ...paid });
    return { status: 'paid', chargeId, deliveries } satisfies PayOutcome;
  }

  /** Sends (again) the service message of a charge: a repeated delivery, or Telegram's refunded_payment. */
  async deliverPayment(
    chargeId: string,
    payer: { id: number; first_name: string },
    kind: 'successful_payment' | 'refunded_payment',
  ) {
    const charge = this.charges.get(chargeId);
    const webhook = charge && this.webhooks.get(charge.token);
    if (!charge || !webhook) throw new Error(`No charge ${chargeId} or no webhook`);
    if (kind === 'refunded_payment') charge.refunded = true;
    return this.deliver(webhook.url, webhook.secretToken, {
      update_id: this.updateId++,
      message: {
        message_id: randomInt(1, 1e6),
        date: Math.floor(Date.now() / 1000),
        chat: { id: payer.id, type: 'private', first_name: payer.first_name },
        from: { id: payer.id, is_bot: false, first_name: payer.first_name },
        [kind]: {
          currency: charge.invoice.currency,
          total_amount: charge.invoice.amount,
          invoice_payload: charge.invoice.payload,
          telegram_payment_charge_id: chargeId,
          provider_payment_charge_id: '',
        },
      },
    });
  }

  private async answerTo(queryId: string) {
    const deadline = Date.now() + PRE_CHECKOUT_TIMEOUT_MS;
    while (!this.preCheckoutAnswers.has(queryId) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return this.preCheckoutAnswers.get(queryId);
  }
}
