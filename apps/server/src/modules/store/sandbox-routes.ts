import { NotificationResponseSchema, PaymentProviderNameSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError, OrderStatusConflictError, WebhookSignatureError } from '../../errors.js';
import { problemResponses } from '../../http/responses.js';
import { handleNotification } from './payment-notifications.js';
import { localizedPrice } from './prices.js';
import type { SandboxChoice, SandboxProvider } from './providers/sandbox.js';

/** Provider notifications are small; anything larger is refused before it is read. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

/**
 * Where providers notify fxid. The body is kept as the raw bytes received, because
 * signatures are over exactly those bytes (security.md §0.1).
 */
export function paymentWebhookRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    app.post('/store/webhooks/:Provider', {
      schema: {
        tags: ['store'],
        summary: "A payment provider's signed notification",
        description:
          'The body is verified as received (signature, timestamp within 300 s) and taken once per provider event id.',
        params: z.object({ Provider: PaymentProviderNameSchema }),
        response: { 200: NotificationResponseSchema, ...problemResponses(400, 404, 413, 415) },
      },
      handler: async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new WebhookSignatureError('no body');
        const result = await handleNotification(ctx, request.params.Provider, request.body, request.headers);
        request.log.info({ provider: request.params.Provider, duplicate: result.Duplicate }, 'payment notification');
        return result;
      },
    });
  };
}

const CheckoutParams = z.object({
  CheckoutId: z.string().regex(/^sbx_[\w-]{32}$/, 'Expected a sandbox checkout id'),
});

const CHOICE_RESULTS: Record<SandboxChoice, string> = {
  Pay: 'Payment accepted. The game will receive your purchase in a moment.',
  Decline: 'Payment declined. Nothing was charged.',
  Abandon: 'Checkout abandoned. Nothing was charged.',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#101826;color:#f4f6fb;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#1b2538;padding:2rem;border-radius:12px;max-width:26rem;width:90%}.badge{color:#ffcf5c;font-size:.85rem}
.price{font-size:2rem;margin:.5rem 0 1.5rem}button{font:inherit;padding:.7rem 1.2rem;margin:.25rem;border:0;border-radius:8px;cursor:pointer}
button[value=Pay]{background:#3ecf8e}button[value=Decline]{background:#f25f5c;color:#fff}a{color:#9cc3ff}</style></head>
<body><main>${body}</main></body></html>`;
}

/** fxid's own checkout page for the sandbox provider: the player picks Pay, Decline or Abandon. */
export function sandboxCheckoutRoutes(sandbox: SandboxProvider): FastifyPluginAsyncZod {
  return async (app) => {
    // The page's form posts application/x-www-form-urlencoded.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get('/store/sandbox/checkout/:CheckoutId', {
      schema: {
        tags: ['store'],
        summary: 'The sandbox checkout page',
        produces: ['text/html'],
        params: CheckoutParams,
        response: { 200: z.string().describe('HTML'), ...problemResponses(400, 404) },
      },
      handler: async (request, reply) => {
        const checkout = await sandbox.findCheckout(request.params.CheckoutId);
        if (!checkout) throw new NotFoundError('Checkout');
        const price = localizedPrice(checkout.amount, checkout.currency, 'en');
        const body =
          checkout.status === 'open'
            ? `<form method="post"><button name="Choice" value="Pay">Pay ${escapeHtml(price)}</button>
<button name="Choice" value="Decline">Decline</button><button name="Choice" value="Abandon">Abandon</button></form>`
            : `<p>This checkout is closed (${escapeHtml(checkout.status)}).</p>`;
        const html = page(
          'Sandbox checkout',
          `<p class="badge">fxid sandbox: no real money moves</p><h1>${escapeHtml(checkout.description)}</h1>
<p class="price">${escapeHtml(price)}</p>${body}<p><small>Order ${escapeHtml(checkout.public_order_id)}</small></p>`,
        );
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    });

    app.post('/store/sandbox/checkout/:CheckoutId', {
      schema: {
        tags: ['store'],
        summary: "The player's choice on the sandbox checkout page",
        description: 'Closes the checkout and makes the sandbox send fxid its signed notification.',
        produces: ['text/html'],
        params: CheckoutParams,
        body: z.object({ Choice: z.enum(['Pay', 'Decline', 'Abandon']) }).strict(),
        response: { 200: z.string().describe('HTML'), ...problemResponses(400, 404, 409, 415) },
      },
      handler: async (request, reply) => {
        const checkout = await sandbox.findCheckout(request.params.CheckoutId);
        if (!checkout) throw new NotFoundError('Checkout');
        if (!(await sandbox.choose(checkout.id, request.body.Choice))) {
          throw new OrderStatusConflictError(`checkout ${checkout.status}`, request.body.Choice);
        }
        request.log.info({ order: checkout.public_order_id, choice: request.body.Choice }, 'sandbox checkout choice');
        const html = page(
          'Sandbox checkout',
          `<p class="badge">fxid sandbox</p><h1>${escapeHtml(CHOICE_RESULTS[request.body.Choice])}</h1>
<p><a href="${escapeHtml(checkout.return_url)}">Back to the store</a></p>`,
        );
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    });
  };
}
