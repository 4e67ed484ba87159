import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { jsonOrText, serveOnLoopback } from '../dev-fake-http.js';
import type { YookassaAmount, YookassaPayment, YookassaRefund } from './yookassa-api.js';
import { YOOKASSA_NOTIFICATION_SOURCES, type YookassaConfig } from './yookassa-config.js';

/** A fake shop's credentials (Basic shopId:secretKey). */
export interface FakeYookassaShop {
  shopId: string;
  secretKey: string;
}

/** The tests' fake test shop. */
export const FAKE_YOOKASSA_KEYS: FakeYookassaShop = { shopId: '506751', secretKey: 'test_fakeYookassaShopKey0001' };

/** YooKassa's payment page, where a redirect confirmation sends the buyer. */
const YOOMONEY_CHECKOUT = 'https://yoomoney.ru/checkout/payments/v2/contract';

/** An address YooKassa notifies from, and one it does not. */
export const YOOKASSA_SOURCE_IP = '185.71.76.5';
export const NOT_YOOKASSA_IP = '203.0.113.9';

export interface FakeYookassaRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * The part of YooKassa API v3 fxid calls, on loopback: payments (Basic shopId:secretKey; an
 * `Idempotence-Key` required on every POST and honoured as YooKassa does: same key and body,
 * the first answer; another body, an error), payment reads, refunds. It also writes the
 * notifications YooKassa posts, which are unsigned: fxid must check where they come from and
 * read the payment back.
 */
export class FakeYookassa {
  readonly requests: FakeYookassaRequest[] = [];
  readonly payments = new Map<string, YookassaPayment>();
  readonly refunds = new Map<string, YookassaRefund>();
  private readonly saved = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  private server: Awaited<ReturnType<typeof serveOnLoopback>> | undefined;
  /** Per payment with a redirect confirmation, where the buyer goes back to (its return_url). */
  readonly returnUrls = new Map<string, string>();
  readonly config: YookassaConfig;

  /**
   * `shop`: the credentials it takes; `checkoutPage`: where redirect confirmations send the buyer
   * (YooKassa's page; the development fake's own page in development).
   */
  constructor(
    readonly shop: FakeYookassaShop = FAKE_YOOKASSA_KEYS,
    private readonly checkoutPage: string = YOOMONEY_CHECKOUT,
  ) {
    this.config = {
      ...shop,
      test: true,
      notificationSources: [...YOOKASSA_NOTIFICATION_SOURCES],
      apiBase: 'http://127.0.0.1:0',
    };
  }

  async start(): Promise<void> {
    this.server = await serveOnLoopback((method, url, text, headers) =>
      this.handle(method, url.pathname, jsonOrText(text), headers),
    );
    this.config.apiBase = `http://127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }

  private error(status: number, code: string, description: string) {
    return { status, body: { type: 'error', id: randomUUID(), code, description } };
  }

  /** One API v3 request (path from /v3), recorded and answered as YooKassa answers it. */
  handle(method: string, path: string, body: unknown, headers: IncomingHttpHeaders): { status: number; body: unknown } {
    this.requests.push({ method, path, headers, body });
    return this.answer(method, path, body, headers);
  }

  private answer(method: string, path: string, body: unknown, headers: IncomingHttpHeaders) {
    const basic = Buffer.from(`${this.shop.shopId}:${this.shop.secretKey}`).toString('base64');
    if (headers.authorization !== `Basic ${basic}`)
      return this.error(401, 'invalid_credentials', 'Wrong shopId or key');
    if (method === 'POST') {
      const key = headers['idempotence-key'];
      if (typeof key !== 'string' || key === '') {
        return this.error(400, 'invalid_request', 'Idempotence-Key header is required');
      }
      const fingerprint = `${path} ${JSON.stringify(body)}`;
      const previous = this.saved.get(key);
      if (previous) {
        return previous.fingerprint === fingerprint
          ? previous
          : this.error(400, 'invalid_request', 'Idempotence key duplicated with another request');
      }
      const result = this.route(method, path, body);
      this.saved.set(key, { fingerprint, ...result });
      return result;
    }
    return this.route(method, path, body);
  }

  private route(method: string, path: string, body: unknown): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v3/payments') return this.createPayment(body);
    const paymentPath = path.match(/^\/v3\/payments\/([\w-]+)$/);
    if (method === 'GET' && paymentPath) {
      const found = this.payments.get(paymentPath[1] ?? '');
      return found ? { status: 200, body: found } : this.error(404, 'not_found', 'Payment not found');
    }
    const refundPath = path.match(/^\/v3\/refunds\/([\w-]+)$/);
    if (method === 'GET' && refundPath) {
      const found = this.refunds.get(refundPath[1] ?? '');
      return found ? { status: 200, body: found } : this.error(404, 'not_found', 'Refund not found');
    }
    if (method === 'POST' && path === '/v3/refunds') {
      const request = body as { payment_id?: string; amount?: YookassaAmount };
      const paid = this.payments.get(request.payment_id ?? '');
      if (paid?.status !== 'succeeded' || !request.amount) {
        return this.error(400, 'invalid_request', 'Payment cannot be refunded');
      }
      return { status: 200, body: this.refundOf(paid, request.amount) };
    }
    return this.error(404, 'not_found', `No such method ${method} ${path}`);
  }

  private createPayment(body: unknown) {
    const request = body as {
      amount?: YookassaAmount;
      capture?: boolean;
      confirmation?: { type?: string; return_url?: string };
      description?: string;
      metadata?: Record<string, string>;
    };
    const type = request.confirmation?.type;
    if (!request.amount?.value || !request.amount.currency || (type !== 'redirect' && type !== 'embedded')) {
      return this.error(400, 'invalid_request', 'amount and confirmation are required');
    }
    if (type === 'redirect' && !request.confirmation?.return_url) {
      return this.error(400, 'invalid_request', 'return_url is required for redirect');
    }
    const id = randomUUID();
    const payment: YookassaPayment = {
      id,
      status: 'pending',
      paid: false,
      amount: request.amount,
      ...(request.description ? { description: request.description } : {}),
      confirmation:
        type === 'redirect'
          ? { type, confirmation_url: `${this.checkoutPage}?orderId=${id}` }
          : { type, confirmation_token: `ct-${id}` },
      metadata: request.metadata ?? {},
      test: true,
    };
    this.payments.set(id, payment);
    if (type === 'redirect' && request.confirmation?.return_url)
      this.returnUrls.set(id, request.confirmation.return_url);
    return { status: 200, body: payment };
  }

  private refundOf(paid: YookassaPayment, amount: YookassaAmount): YookassaRefund {
    const refund: YookassaRefund = { id: randomUUID(), payment_id: paid.id, status: 'succeeded', amount };
    this.refunds.set(refund.id, refund);
    paid.refunded_amount = amount;
    return refund;
  }

  requirePayment(id: string): YookassaPayment {
    const found = this.payments.get(id);
    if (!found) throw new Error(`no fake YooKassa payment ${id}`);
    return found;
  }

  /** The buyer confirmed: the payment succeeds; the notification YooKassa posts about it. */
  succeed(id: string): string {
    Object.assign(this.requirePayment(id), { status: 'succeeded', paid: true });
    return this.notification('payment.succeeded', this.requirePayment(id));
  }

  /** The payment was cancelled (`expired_on_confirmation`: never confirmed; others: refused). */
  cancel(id: string, reason: string): string {
    Object.assign(this.requirePayment(id), {
      status: 'canceled',
      cancellation_details: { party: 'yoo_money', reason },
    });
    return this.notification('payment.canceled', this.requirePayment(id));
  }

  /** The shop refunded the whole payment in its YooKassa account: the refund.succeeded notification. */
  refundInShop(id: string): string {
    const paid = this.requirePayment(id);
    return this.notification('refund.succeeded', this.refundOf(paid, paid.amount));
  }

  notification(event: string, object: object): string {
    return JSON.stringify({ type: 'notification', event, object });
  }

  calls(method: string, path: string): FakeYookassaRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }
}
