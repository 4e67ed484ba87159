import type { FastifyPluginAsync } from 'fastify';
import { escapeHtml } from '../../../../lib/escape-html.js';
import { localizedPrice, minorUnitsOf } from '../../prices.js';
import { fakeVendorPage, fakeVendorParsers } from '../dev-fake-http.js';
import type { FakeXsolla } from './xsolla-fake.js';

/** Where the development fake is served on this server. */
export const DEV_XSOLLA_PATH = '/dev/xsolla';

/**
 * Pay Station as the embed widget sees it: the page posts the widget's commands (`dimensions`,
 * `status` with paymentInfo, `return`, `close`) to the portal that framed it. Same origin, so
 * the target is the page's own origin, never '*'.
 */
const PAY_STATION_SCRIPT = `(() => {
  const token = new URL(location.href).searchParams.get('token');
  const post = (command, data) => parent.postMessage(JSON.stringify({ command, data: data || {} }), location.origin);
  const state = document.getElementById('state');
  const on = (id, handler) => document.getElementById(id).addEventListener('click', handler);
  post('dimensions', { dimensions: { width: 480, height: 420 } });
  on('pay', async () => {
    const answer = await fetch('pay?token=' + encodeURIComponent(token), { method: 'POST' });
    const text = await answer.text();
    state.textContent = answer.ok ? 'Payment successful.' : 'Payment failed: ' + text;
    if (answer.ok) post('status', { paymentInfo: { status: 'done', invoice: text } });
  });
  on('decline', () => {
    state.textContent = 'Your card was declined. Nothing was charged; try another card.';
    post('status', { paymentInfo: { status: 'troubled' } });
  });
  on('back', () => post('return'));
  on('close', () => post('close'));
})();
`;

/**
 * The fake Xsolla of the offline development mode (/dev/xsolla): the merchant API the provider
 * calls (tokens, transaction search, refunds; the same fake the tests run on loopback) and a Pay
 * Station page the portal's embed widget frames. Paying there asks fxid `user_validation` first,
 * as Pay Station does, then records the transaction and posts the signed `payment` notification.
 */
export function xsollaDevRoutes(
  fake: FakeXsolla,
  notify: (body: string, headers: Record<string, string>) => Promise<number>,
): FastifyPluginAsync {
  const deliver = (body: string) =>
    notify(body, { 'content-type': 'application/json', authorization: fake.sign(body) });
  return async (app) => {
    fakeVendorParsers(app);

    app.route({
      method: ['GET', 'POST'],
      url: '/merchant/v2/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const url = new URL(request.url.slice(request.url.indexOf('/merchant/v2/')), 'http://fake');
        const answer = fake.handle(request.method, url, request.body, request.headers);
        return reply.code(answer.status).send(answer.body ?? null);
      },
    });

    app.get('/paystation4/paystation.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(PAY_STATION_SCRIPT),
    );

    app.get('/paystation4/', { schema: { hide: true } }, async (request, reply) => {
      const token = fake.tokens.get((request.query as { token?: string }).token ?? '');
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!token) return reply.code(404).send(fakeVendorPage('Pay Station (fake)', '<p>No such token.</p>'));
      const price = localizedPrice(minorUnitsOf(token.amount, token.currency), token.currency, 'en');
      const body = `<p>Order ${escapeHtml(token.externalId)}: <strong>${escapeHtml(price)}</strong></p>
<p id="state" role="status"></p>
<button id="pay">Pay now</button> <button id="decline">Use a declined card</button>
<button id="back">Back to the game</button> <button id="close">Close Pay Station</button>`;
      return reply.send(fakeVendorPage('Pay Station (fake)', body, '<script src="paystation.js" defer></script>'));
    });

    app.post('/paystation4/pay', { schema: { hide: true } }, async (request, reply) => {
      const token = fake.tokens.get((request.query as { token?: string }).token ?? '');
      if (!token) return reply.code(404).send('No such token');
      if (fake.transactions.some((entry) => entry.externalId === token.externalId && entry.status === 'done'))
        return reply.code(409).send('Already paid');
      // Pay Station asks the project's webhook whether the buyer exists before it takes the money.
      if ((await deliver(fake.userValidation(token.userId))) !== 204) return reply.code(422).send('INVALID_USER');
      const body = fake.pay(token.token);
      const status = await deliver(body);
      if (status !== 204) return reply.code(502).send(`fxid answered the notification with ${status}`);
      return reply
        .type('text/plain')
        .send(String((JSON.parse(body) as { transaction: { id: number } }).transaction.id));
    });
  };
}
