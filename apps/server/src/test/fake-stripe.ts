import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { serveOnLoopback } from '../modules/store/providers/dev-fake-http.js';
import type { StripeConfig } from '../modules/store/providers/stripe/stripe-config.js';

/** Keys of the fake account; the webhook secrets are what fxid is configured to verify with. */
export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_fxidfakeaccount0001',
  publishableKey: 'pk_test_fxidfakeaccount0001',
  webhookSecrets: ['whsec_fxid_fake_current_0001', 'whsec_fxid_fake_previous_0001'],
} as const;

/** The server's Stripe variables pointing at a started fake (for a built server's environment). */
export function fakeStripeEnv(fake: { config: { apiBase: { port: number } } }): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEYS.secretKey,
    STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_KEYS.publishableKey,
    STRIPE_WEBHOOK_SECRETS: FAKE_STRIPE_KEYS.webhookSecrets.join(','),
    STRIPE_API_BASE: `http://127.0.0.1:${fake.config.apiBase.port}`,
  };
}

/** One request as the fake API received it. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form body (or query) decoded from Stripe's `a[b][0]=c` encoding. */
  params: Record<string, unknown>;
}

type Session = Stripe.Checkout.Session;

/** `a[b][0][c]=x` form fields as nested objects and arrays, as Stripe decodes them. */
function decodeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      if (node[part] === undefined) node[part] = /^\d+$/.test(path[index + 1] ?? '') ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

function stripeError(status: number, type: string, message: string) {
  return { status, body: { error: { type, message } } };
}

/**
 * Just the part of Stripe's API fxid calls, on loopback, so that the real `stripe`
 * client is exercised end to end with no network. It keeps sessions in memory,
 * honours idempotency keys like Stripe (same key, same params → the first answer;
 * other params → an idempotency error) and records every request.
 */
export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  readonly sessions = new Map<string, Session>();
  readonly refunds: { id: string; payment_intent: string }[] = [];
  private readonly saved = new Map<string, { params: string; status: number; body: unknown }>();
  private server: Awaited<ReturnType<typeof serveOnLoopback>> | undefined;
  /** Config that points fxid's Stripe client here; its port is filled in when the fake starts. */
  readonly config: StripeConfig & { apiBase: NonNullable<StripeConfig['apiBase']> } = {
    ...FAKE_STRIPE_KEYS,
    webhookSecrets: [...FAKE_STRIPE_KEYS.webhookSecrets],
    apiBase: { host: '127.0.0.1', port: 0, protocol: 'http' },
  };

  async start(): Promise<void> {
    this.server = await serveOnLoopback((method, url, text, headers) => {
      const params = decodeForm(method === 'GET' ? url.search.slice(1) : text);
      this.requests.push({ method, path: url.pathname, headers, params });
      const answer = this.answer(method, url.pathname, params, headers);
      return { ...answer, headers: { 'request-id': `req_${randomBytes(6).toString('hex')}` } };
    });
    this.config.apiBase.port = this.server.port;
  }

  async stop(): Promise<void> {
    await this.server?.close();
  }

  private answer(method: string, path: string, params: Record<string, unknown>, headers: IncomingHttpHeaders) {
    if (headers.authorization !== `Bearer ${FAKE_STRIPE_KEYS.secretKey}`) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const key = headers['idempotency-key'];
    if (method === 'POST' && typeof key === 'string') {
      const previous = this.saved.get(key);
      const fingerprint = `${path} ${JSON.stringify(params)}`;
      if (previous && previous.params !== fingerprint) {
        return stripeError(
          400,
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters',
        );
      }
      if (previous) return previous;
      const result = this.route(method, path, params);
      this.saved.set(key, { params: fingerprint, ...result });
      return result;
    }
    return this.route(method, path, params);
  }

  private route(method: string, path: string, params: Record<string, unknown>): { status: number; body: unknown } {
    const sessionPath = path.match(/^\/v1\/checkout\/sessions\/(cs_\w+)(\/expire)?$/);
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: this.createSession(params) };
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const data = [...this.sessions.values()].filter((s) => s.payment_intent === params.payment_intent);
      return { status: 200, body: { object: 'list', url: path, has_more: false, data: data.slice(0, 1) } };
    }
    if (sessionPath) {
      const session = this.sessions.get(sessionPath[1] ?? '');
      if (!session) return stripeError(404, 'invalid_request_error', 'No such checkout.session');
      if (method === 'GET' && !sessionPath[2]) return { status: 200, body: session };
      if (method === 'POST' && sessionPath[2]) {
        if (session.status !== 'open') return stripeError(400, 'invalid_request_error', 'Session is not open');
        session.status = 'expired';
        return { status: 200, body: session };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const refund = { id: `re_${randomBytes(8).toString('hex')}`, payment_intent: String(params.payment_intent) };
      this.refunds.push(refund);
      return { status: 200, body: { object: 'refund', status: 'succeeded', ...refund } };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  }

  private createSession(params: Record<string, unknown>): Session {
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const items = params.line_items as { quantity: string; price_data: { currency: string; unit_amount: string } }[];
    const total = items.reduce((sum, item) => sum + Number(item.price_data.unit_amount) * Number(item.quantity), 0);
    const embedded = params.ui_mode === 'embedded_page';
    const session = {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      ui_mode: params.ui_mode,
      amount_total: total,
      currency: items[0]?.price_data.currency ?? null,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      payment_intent: null,
      client_secret: embedded ? `${id}_secret_${randomBytes(8).toString('hex')}` : null,
      url: embedded ? null : `https://checkout.stripe.com/c/pay/${id}`,
      return_url: params.return_url ?? null,
    } as unknown as Session;
    this.sessions.set(id, session);
    return session;
  }

  /** The customer paid: the session completes and gets a PaymentIntent, as Stripe's would. */
  pay(sessionId: string): Session {
    const session = this.requireSession(sessionId);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: `pi_${randomBytes(12).toString('hex')}`,
    });
    return session;
  }

  requireSession(sessionId: string): Session {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no fake session ${sessionId}`);
    return session;
  }

  /** The requests made so far to one method and path. */
  calls(method: string, path: string): FakeStripeRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }
}

/** Starts a fake Stripe API for the enclosing describe block (call before useTestApp). */
export function useFakeStripe(): FakeStripe {
  const fake = new FakeStripe();
  beforeAll(() => fake.start());
  afterAll(() => fake.stop());
  return fake;
}

let eventCounter = 0;

/** A Stripe event around an object, as the webhook body Stripe would post. */
export function stripeEvent(type: string, object: object, createdSeconds: number, id?: string): string {
  return JSON.stringify({
    id: id ?? `evt_test_${Date.now().toString(36)}_${eventCounter++}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: createdSeconds,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

/** A Stripe-Signature header made with the SDK's own test helper (security.md §8a). */
export function stripeSignature(
  payload: string,
  timestampSeconds: number,
  secret: string = FAKE_STRIPE_KEYS.webhookSecrets[0],
) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: timestampSeconds });
}
