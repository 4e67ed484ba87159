import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { jsonOrText, serveOnLoopback } from '../dev-fake-http.js';
import type { XsollaConfig } from './xsolla-config.js';
import { xsollaAuthorization } from './xsolla-signature.js';

/** A fake merchant account: its ids, API key, and the project's secret keys (the first signs). */
export interface FakeXsollaKeys {
  merchantId: number;
  projectId: number;
  apiKey: string;
  webhookSecrets: readonly [string, ...string[]];
}

/** The tests' fake merchant account; the secrets are the project's secret keys fxid verifies with (current, previous). */
export const FAKE_XSOLLA_KEYS: FakeXsollaKeys = {
  merchantId: 424242,
  projectId: 171717,
  apiKey: 'fake-xsolla-api-key-0001',
  webhookSecrets: ['fake-xsolla-project-secret-current', 'fake-xsolla-project-secret-previous'],
};

/** A Pay Station token as the fake issued it, with what it charges. */
export interface FakeXsollaToken {
  token: string;
  userId: string;
  externalId: string;
  amount: number;
  currency: string;
  sandbox: boolean;
  returnUrl: string;
}

/** One transaction of the fake, as its transaction search lists it. */
interface FakeTransaction {
  id: number;
  externalId: string;
  status: 'done' | 'refunded' | 'canceled';
}

export interface FakeXsollaRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/**
 * The part of Xsolla's merchant API fxid calls, on loopback (tests) or inside the development
 * server (/dev/xsolla): token creation (Basic merchant_id:api_key, checked like Xsolla's 401),
 * the transaction search and refunds. It also writes the notifications Xsolla would post,
 * signed as Xsolla signs them (SHA-1 over body + project secret key), so fxid's own
 * verification is what runs.
 */
export class FakeXsolla {
  readonly requests: FakeXsollaRequest[] = [];
  readonly tokens = new Map<string, FakeXsollaToken>();
  readonly transactions: FakeTransaction[] = [];
  readonly refunds: number[] = [];
  private nextTransaction = 900_000_001;
  private server: Awaited<ReturnType<typeof serveOnLoopback>> | undefined;
  readonly config: XsollaConfig;

  constructor(readonly keys: FakeXsollaKeys = FAKE_XSOLLA_KEYS) {
    this.config = {
      merchantId: keys.merchantId,
      projectId: keys.projectId,
      apiKey: keys.apiKey,
      webhookSecrets: [...keys.webhookSecrets],
      sandbox: true,
      apiBase: 'http://127.0.0.1:0',
    };
  }

  async start(): Promise<void> {
    this.server = await serveOnLoopback((method, url, text, headers) =>
      this.handle(method, url, jsonOrText(text), headers),
    );
    this.config.apiBase = `http://127.0.0.1:${this.server.port}`;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }

  /** One merchant API request, recorded and answered as Xsolla answers it (url's path from /merchant/v2). */
  handle(method: string, url: URL, body: unknown, headers: IncomingHttpHeaders): { status: number; body: unknown } {
    this.requests.push({ method, path: url.pathname, headers, body });
    return this.answer(method, url, body, headers);
  }

  private answer(method: string, url: URL, body: unknown, headers: IncomingHttpHeaders) {
    const basic = Buffer.from(`${this.keys.merchantId}:${this.keys.apiKey}`).toString('base64');
    if (headers.authorization !== `Basic ${basic}`) {
      return { status: 401, body: { http_status_code: 401, message: 'Invalid credentials' } };
    }
    const base = `/merchant/v2/merchants/${this.keys.merchantId}`;
    if (method === 'POST' && url.pathname === `${base}/token`) return this.createToken(body);
    if (method === 'GET' && url.pathname === `${base}/reports/transactions/search.json`) {
      const externalId = url.searchParams.get('external_id');
      const found = this.transactions.filter((entry) => entry.externalId === externalId);
      return {
        status: 200,
        body: found.map((entry) => ({
          transaction: { id: entry.id, external_id: entry.externalId, status: entry.status },
        })),
      };
    }
    const refund = url.pathname.match(new RegExp(`^${base}/reports/transactions/(\\d+)/refund$`));
    if (method === 'POST' && refund) {
      const transaction = this.transactions.find((entry) => entry.id === Number(refund[1]));
      if (transaction?.status !== 'done') {
        return { status: 422, body: { http_status_code: 422, message: 'Transaction cannot be refunded' } };
      }
      transaction.status = 'refunded';
      this.refunds.push(transaction.id);
      return { status: 204, body: undefined };
    }
    return { status: 404, body: { http_status_code: 404, message: 'Not found' } };
  }

  private createToken(body: unknown) {
    const request = body as {
      user?: { id?: { value?: string } };
      settings?: { project_id?: number; external_id?: string; return_url?: string; mode?: string };
      purchase?: { checkout?: { amount?: number; currency?: string } };
    };
    const checkout = request.purchase?.checkout;
    if (
      !request.user?.id?.value ||
      request.settings?.project_id !== this.keys.projectId ||
      !request.settings.external_id ||
      typeof checkout?.amount !== 'number' ||
      !checkout.currency
    ) {
      return { status: 422, body: { http_status_code: 422, message: 'Invalid request' } };
    }
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, {
      token,
      userId: request.user.id.value,
      externalId: request.settings.external_id,
      amount: checkout.amount,
      currency: checkout.currency,
      sandbox: request.settings.mode === 'sandbox',
      returnUrl: request.settings.return_url ?? '',
    });
    return { status: 200, body: { token } };
  }

  requireToken(token: string): FakeXsollaToken {
    const found = this.tokens.get(token);
    if (!found) throw new Error(`no fake Xsolla token ${token}`);
    return found;
  }

  /** The buyer paid in Pay Station: a done transaction, and the `payment` notification Xsolla posts. */
  pay(token: string, overrides: { amount?: number; currency?: string } = {}): string {
    const paid = this.requireToken(token);
    const transaction: FakeTransaction = { id: this.nextTransaction++, externalId: paid.externalId, status: 'done' };
    this.transactions.push(transaction);
    return this.notification('payment', paid, transaction.id, overrides);
  }

  /** Xsolla refunded a paid transaction of the token (from its Publisher Account): the `refund` notification. */
  refundInAccount(token: string): string {
    const paid = this.requireToken(token);
    const transaction = this.transactions.find((entry) => entry.externalId === paid.externalId);
    if (!transaction) throw new Error('nothing paid to refund');
    transaction.status = 'refunded';
    return this.notification('refund', paid, transaction.id, {});
  }

  /** Pay Station asking whether a user exists before it takes their payment. */
  userValidation(userId: string): string {
    return JSON.stringify({
      notification_type: 'user_validation',
      settings: { project_id: this.keys.projectId, merchant_id: this.keys.merchantId },
      user: { id: userId, ip: '127.0.0.1', country: 'US' },
    });
  }

  /** A notification body in Xsolla's shape (webhooks reference: payment, refund). */
  notification(
    type: 'payment' | 'refund',
    paid: FakeXsollaToken,
    transactionId: number,
    overrides: { amount?: number; currency?: string; projectId?: number },
  ): string {
    const money = { amount: overrides.amount ?? paid.amount, currency: overrides.currency ?? paid.currency };
    return JSON.stringify({
      notification_type: type,
      settings: {
        project_id: overrides.projectId ?? this.keys.projectId,
        merchant_id: this.keys.merchantId,
      },
      purchase: { checkout: money, total: money },
      user: { id: paid.userId, country: 'US' },
      transaction: {
        id: transactionId,
        external_id: paid.externalId,
        dry_run: paid.sandbox ? 1 : 0,
        agreement: 1,
        payment_date: new Date().toISOString().replace(/\.\d+Z$/, '+00:00'),
        payment_method: 1380,
      },
      payment_details: { payment: money },
      ...(type === 'refund'
        ? { refund_details: { code: 1, reason: 'Cancellation by the user request', author: 'support' } }
        : {}),
    });
  }

  /** The Authorization header Xsolla sends, with the current secret unless told otherwise. */
  sign(body: string, secret: string = this.keys.webhookSecrets[0]): string {
    return xsollaAuthorization(body, secret);
  }

  calls(method: string, path: string): FakeXsollaRequest[] {
    return this.requests.filter((request) => request.method === method && request.path.endsWith(path));
  }
}
