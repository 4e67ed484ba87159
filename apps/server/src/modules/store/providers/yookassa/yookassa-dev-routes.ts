import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../../../../lib/escape-html.js';
import { localizedPrice, minorUnitsOf } from '../../prices.js';
import { fakeVendorPage, fakeVendorParsers } from '../dev-fake-http.js';
import type { FakeYookassa } from './yookassa-fake.js';

/** Where the development fake is served on this server. */
export const DEV_YOOKASSA_PATH = '/dev/yookassa';

/**
 * A stand-in of YooKassa's confirmation widget (`window.YooMoneyCheckoutWidget`, checkout-widget
 * v1) as far as the portal uses it: it renders the confirmation as two buttons, asks the fake to
 * settle the payment (which notifies fxid as YooKassa would), then fires `success` or `fail`.
 */
const WIDGET_SCRIPT = `(() => {
  const base = new URL('.', document.currentScript.src);
  window.YooMoneyCheckoutWidget = function (options) {
    const handlers = {};
    let host = null;
    this.on = (event, handler) => { handlers[event] = handler; };
    this.render = async (id) => {
      host = document.getElementById(id);
      for (const [label, outcome] of [['Confirm payment', 'succeeded'], ['Pay with a declined card', 'declined']]) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        // Set through the CSSOM, which the portal's CSP allows (no inline style attribute).
        button.style.cssText = 'margin:0 8px 8px 0;padding:8px 14px;border:1px solid #888;border-radius:6px;background:#fff;color:#111;cursor:pointer';
        button.addEventListener('click', async () => {
          const answer = await fetch(new URL('confirm', base), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ token: options.confirmation_token, outcome }),
          });
          if (!answer.ok) return options.error_callback(new Error(await answer.text()));
          const handler = outcome === 'succeeded' ? handlers.success : handlers.fail;
          if (handler) handler();
        });
        host.append(button);
      }
    };
    this.destroy = () => { if (host) host.textContent = ''; };
  };
})();
`;

type Outcome = 'succeeded' | 'declined' | 'abandoned';

/**
 * The fake YooKassa of the offline development mode (/dev/yookassa): API v3 as the provider calls
 * it (the same fake the tests run on loopback), a stand-in of the confirmation widget (Embed) and
 * a payment page (Redirect). Confirming or declining settles the payment and posts YooKassa's
 * unsigned notification to fxid, which reads the payment back from this fake's API.
 */
export function yookassaDevRoutes(
  fake: FakeYookassa,
  notify: (body: string, headers: Record<string, string>) => Promise<number>,
): FastifyPluginAsync {
  /** Settles a pending payment as the buyer chose; false when there is none to settle. */
  async function settle(id: string, outcome: Outcome): Promise<boolean> {
    if (fake.payments.get(id)?.status !== 'pending') return false;
    const body =
      outcome === 'succeeded'
        ? fake.succeed(id)
        : fake.cancel(id, outcome === 'declined' ? 'insufficient_funds' : 'expired_on_confirmation');
    return (await notify(body, { 'content-type': 'application/json' })) === 200;
  }

  return async (app) => {
    fakeVendorParsers(app);

    app.route({
      method: ['GET', 'POST'],
      url: '/v3/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const path = `/v3/${(request.params as { '*': string })['*']}`;
        const answer = fake.handle(request.method, path, request.body, request.headers);
        return reply.code(answer.status).send(answer.body);
      },
    });

    app.get('/checkout-widget.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(WIDGET_SCRIPT),
    );

    app.post('/confirm', { schema: { hide: true } }, async (request, reply) => {
      const { token, outcome } = (request.body ?? {}) as { token?: unknown; outcome?: unknown };
      const id = typeof token === 'string' ? token.replace(/^ct-/, '') : '';
      const chosen = outcome === 'succeeded' || outcome === 'declined' ? outcome : undefined;
      if (!chosen || !(await settle(id, chosen))) return reply.code(409).send('No pending payment for this token');
      return reply.code(204).send();
    });

    app.get('/checkout', { schema: { hide: true } }, async (request, reply) => {
      const id = (request.query as { orderId?: string }).orderId ?? '';
      const payment = fake.payments.get(id);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!payment) return reply.code(404).send(fakeVendorPage('YooKassa (fake)', '<p>No such payment.</p>'));
      const { value, currency } = payment.amount;
      const price = localizedPrice(minorUnitsOf(Number(value), currency), currency, 'en');
      const buttons =
        payment.status === 'pending'
          ? (
              [
                ['pay', 'Pay now'],
                ['decline', 'Use a declined card'],
                ['cancel', 'Cancel payment'],
              ] as const
            )
              .map(
                ([choice, label]) =>
                  `<form method="post" action="checkout/${escapeHtml(id)}/${choice}"><button>${label}</button></form>`,
              )
              .join('')
          : '';
      const body = `<p>${escapeHtml(payment.description ?? '')}: <strong>${escapeHtml(price)}</strong></p>
<p role="status">Payment ${escapeHtml(payment.status)}</p>${buttons}`;
      return reply.send(fakeVendorPage('YooKassa (fake)', body));
    });

    app.post('/checkout/:id/:choice', { schema: { hide: true } }, async (request, reply) => {
      const { id, choice } = request.params as { id: string; choice: string };
      const outcome = ({ pay: 'succeeded', decline: 'declined', cancel: 'abandoned' } as const)[
        choice as 'pay' | 'decline' | 'cancel'
      ];
      if (outcome) await settle(id, outcome);
      // Back to the shop, as YooKassa sends the buyer to return_url whatever the outcome.
      return reply.redirect(fake.returnUrls.get(id) ?? `../../checkout?orderId=${encodeURIComponent(id)}`, 303);
    });
  };
}
