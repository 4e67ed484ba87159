import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { escapeHtml } from '../../../../lib/escape-html.js';
import { fakeVendorPage, fakeVendorParsers } from '../dev-fake-http.js';
import type { AghanimOrder, AghanimOrderStatus } from './aghanim-api.js';
import { aghanimSignatureHeaders } from './aghanim-signature.js';

/** A signed webhook as Aghanim posts it. */
export interface FakeAghanimWebhook {
  body: string;
  headers: Record<string, string>;
}

export interface FakeAghanimOptions {
  apiKey: string;
  webhookSecret: string;
  /** The game id Aghanim puts in every webhook. */
  gameId?: string;
  sandbox: boolean;
  /** The origin and path its checkout pages are reached at by the browser (checkout_url's base). */
  publicBase(): string;
  /** Delivers a webhook to fxid (its /store/webhooks/aghanim); the HTTP status fxid answered. */
  notify(webhook: FakeAghanimWebhook): Promise<number>;
  now?(): number;
}

export interface FakeAghanimOrder extends AghanimOrder {
  backToGameUrl: string | undefined;
  redirectMode: string | undefined;
  /** What the checkout page last showed the buyer (a declined card leaves the order payable). */
  note: string;
}

export interface FakeAghanim {
  readonly orders: Map<string, FakeAghanimOrder>;
  readonly requests: { method: string; path: string; headers: IncomingHttpHeaders; body: unknown }[];
  /** The buyer paid on the checkout: the order is paid and `order.paid` is delivered. */
  pay(orderId: string): Promise<number>;
  /** The buyer gave the order up on the checkout: `order.canceled` is delivered. */
  cancel(orderId: string): Promise<number>;
  /** Support refunded the order from Aghanim's dashboard: `order.refunded` is delivered. */
  refundInDashboard(orderId: string): Promise<number>;
  /** An order event about the order as it stands, signed (overrides edit the order in it before signing). */
  webhook(eventType: string, orderId: string, overrides?: Partial<AghanimOrder>, secret?: string): FakeAghanimWebhook;
  /** Its S2S API (/s2s/v1/orders…) and checkout pages (/order/{id}), to register under any prefix. */
  routes: FastifyPluginAsync;
}

type Answer = { status: number; body?: unknown };

/**
 * A fake of Aghanim on real HTTP (platform-protocols.md §8), for the tests and for the
 * development mode that pays offline: the S2S orders API as Aghanim answers it (Bearer key,
 * 201 on creation, 422 `{detail:[…]}` for a bad body, an Idempotency-Key replaying the first
 * answer, order reads, expire and refund), a checkout page per order with Pay, Decline and
 * Cancel, and the order webhooks signed as Aghanim signs them (HMAC-SHA256 of
 * "<timestamp>.<body>" with the webhook secret).
 */
export function createFakeAghanim(options: FakeAghanimOptions): FakeAghanim {
  const orders = new Map<string, FakeAghanimOrder>();
  const requests: FakeAghanim['requests'] = [];
  const byIdempotencyKey = new Map<string, Answer>();
  const now = options.now ?? Date.now;
  let nextEvent = 1;

  const requireOrder = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no fake Aghanim order ${orderId}`);
    return order;
  };

  const webhook: FakeAghanim['webhook'] = (eventType, orderId, overrides = {}, secret = options.webhookSecret) => {
    const { backToGameUrl: _back, redirectMode: _mode, note: _note, ...order } = requireOrder(orderId);
    const eventTime = Math.floor(now() / 1000);
    const id = nextEvent++;
    const body = JSON.stringify({
      event_id: `whevt_${id}_${randomBytes(6).toString('hex')}`,
      game_id: options.gameId ?? 'gm_fxid_fake',
      event_type: eventType,
      event_time: eventTime,
      event_data: { ...order, ...overrides },
      idempotency_key: `ik_${orderId}_${eventType}`,
      request_id: `req_${id}`,
      sandbox: options.sandbox,
      trigger: 'fake',
    });
    return {
      body,
      headers: { 'content-type': 'application/json', ...aghanimSignatureHeaders(body, secret, eventTime) },
    };
  };

  const move = async (orderId: string, status: AghanimOrderStatus, eventType: string) => {
    const order = requireOrder(orderId);
    order.status = status;
    if (status === 'paid') order.paid_at = Math.floor(now() / 1000);
    return options.notify(webhook(eventType, orderId));
  };

  function createOrder(body: unknown): Answer {
    const request = (body ?? {}) as Record<string, unknown>;
    const items = request.items as { sku?: unknown; quantity?: unknown; name?: unknown }[] | undefined;
    const problems: { loc: string[]; msg: string; type: string }[] = [];
    if (typeof request.player_id !== 'string' || !request.player_id)
      problems.push({ loc: ['body', 'player_id'], msg: 'field required', type: 'value_error.missing' });
    if (!Array.isArray(items) || items.length === 0 || items.some((item) => typeof item?.sku !== 'string'))
      problems.push({ loc: ['body', 'items'], msg: 'at least one item with a sku', type: 'value_error' });
    if (typeof request.currency !== 'string' || !/^[A-Z]{3}$/.test(request.currency))
      problems.push({ loc: ['body', 'currency'], msg: 'invalid currency', type: 'value_error' });
    if (typeof request.price_decimal !== 'number' || request.price_decimal < 0)
      problems.push({ loc: ['body', 'price_decimal'], msg: 'invalid price', type: 'value_error' });
    if (problems.length > 0) return { status: 422, body: { detail: problems } };
    const id = `ord_${randomBytes(12).toString('hex')}`;
    const currency = request.currency as string;
    const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits as number;
    const redirect = request.redirect_settings as { mode?: string } | undefined;
    const order: FakeAghanimOrder = {
      id,
      status: 'created',
      amount: Math.round((request.price_decimal as number) * 10 ** digits),
      currency,
      player_id: request.player_id as string,
      items: (items ?? []).map((item) => ({
        sku: String(item.sku),
        quantity: typeof item.quantity === 'number' ? item.quantity : 1,
        ...(typeof item.name === 'string' ? { name: item.name } : {}),
      })),
      metadata: (request.metadata as Record<string, string> | undefined) ?? {},
      checkout_url: `${options.publicBase()}/order/${id}`,
      paid_at: null,
      backToGameUrl: typeof request.back_to_game_url === 'string' ? request.back_to_game_url : undefined,
      redirectMode: redirect?.mode,
      note: '',
    };
    orders.set(id, order);
    return { status: 201, body: { order_id: id, checkout_url: order.checkout_url } };
  }

  const api = (method: string, path: string, body: unknown, headers: IncomingHttpHeaders): Answer => {
    if (headers.authorization !== `Bearer ${options.apiKey}`)
      return { status: 401, body: { detail: 'Invalid API key' } };
    if (method === 'POST' && path === '/orders') {
      const key = headers['idempotency-key'];
      const replay = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (replay) return replay;
      const answer = createOrder(body);
      if (typeof key === 'string' && answer.status === 201) byIdempotencyKey.set(key, answer);
      return answer;
    }
    const match = /^\/orders\/([\w-]+)(\/expire|\/refund)?$/.exec(path);
    const order = match?.[1] ? orders.get(match[1]) : undefined;
    if (!match || !order) return { status: 404, body: { detail: 'Not found' } };
    const { backToGameUrl: _back, redirectMode: _mode, note: _note, ...shown } = order;
    if (method === 'GET' && !match[2]) return { status: 200, body: shown };
    if (method === 'PATCH' && match[2] === '/expire') {
      if (order.status !== 'created') return { status: 409, body: { detail: `Order is ${order.status}` } };
      order.status = 'canceled';
      return { status: 200, body: { ...shown, status: 'canceled' } };
    }
    if (method === 'POST' && match[2] === '/refund') {
      if (order.status !== 'paid') return { status: 409, body: { detail: `Order is ${order.status}` } };
      order.status = 'refunded';
      return { status: 200, body: { ...shown, status: 'refunded' } };
    }
    return { status: 405, body: { detail: 'Method not allowed' } };
  };

  const routes: FastifyPluginAsync = async (app) => {
    fakeVendorParsers(app);

    app.route({
      method: ['GET', 'POST', 'PATCH'],
      url: '/s2s/v1/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const path = `/${(request.params as { '*': string })['*']}`;
        requests.push({ method: request.method, path, headers: request.headers, body: request.body });
        const answer = api(request.method, path, request.body, request.headers);
        return reply.code(answer.status).send(answer.body ?? null);
      },
    });

    app.get('/order/:id', { schema: { hide: true } }, async (request, reply) => {
      const order = orders.get((request.params as { id: string }).id);
      if (!order) return reply.code(404).type('text/html; charset=utf-8').send(fakeVendorPage('Order not found', ''));
      return showOrder(reply, order);
    });

    app.post('/order/:id/:choice', { schema: { hide: true } }, async (request, reply) => {
      const { id, choice } = request.params as { id: string; choice: string };
      const order = orders.get(id);
      if (!order) return reply.code(404).type('text/html; charset=utf-8').send(fakeVendorPage('Order not found', ''));
      if (order.status === 'created') {
        if (choice === 'pay') {
          await move(id, 'paid', 'order.paid');
          order.note = 'Payment successful.';
          // redirect_settings.mode "immediate": back to the game at once, as Aghanim does.
          if (order.redirectMode === 'immediate' && order.backToGameUrl)
            return reply.redirect(order.backToGameUrl.replace('{order_id}', id), 303);
        } else if (choice === 'decline') {
          order.note = 'Your card was declined. Nothing was charged; try another card.';
        } else if (choice === 'cancel') {
          await move(id, 'canceled', 'order.canceled');
          order.note = 'Order cancelled. You can close this tab.';
        }
      }
      // Post/redirect/get: the page shows the order as it now stands.
      return reply.redirect(order.checkout_url ?? '', 303);
    });
  };

  return {
    orders,
    requests,
    pay: (orderId) => move(orderId, 'paid', 'order.paid'),
    cancel: (orderId) => move(orderId, 'canceled', 'order.canceled'),
    refundInDashboard: (orderId) => move(orderId, 'refunded', 'order.refunded'),
    webhook,
    routes,
  };
}

function showOrder(reply: FastifyReply, order: FakeAghanimOrder) {
  const price = new Intl.NumberFormat('en', { style: 'currency', currency: order.currency }).format(
    order.amount /
      10 **
        (new Intl.NumberFormat('en', { style: 'currency', currency: order.currency }).resolvedOptions()
          .maximumFractionDigits as number),
  );
  const name = order.items.map((item) => item.name ?? item.sku).join(', ');
  const buttons =
    order.status === 'created'
      ? ['pay', 'decline', 'cancel']
          .map(
            (choice, index) =>
              `<form method="post" action="${escapeHtml(order.checkout_url ?? '')}/${choice}"><button>${['Pay now', 'Use a declined card', 'Cancel order'][index]}</button></form>`,
          )
          .join('')
      : '';
  const body = `<p>${escapeHtml(name)}: <strong>${escapeHtml(price)}</strong></p>
<p role="status">${escapeHtml(order.note || `Order ${order.status}`)}</p>${buttons}`;
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(fakeVendorPage('Aghanim checkout (fake)', body));
}
