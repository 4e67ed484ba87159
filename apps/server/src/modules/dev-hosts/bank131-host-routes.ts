import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { DEV_BANK131_PATH } from '../store/providers/bank131/bank131-config.js';
import {
  DEV_BANK131_BANK_PRIVATE_KEY,
  DEV_BANK131_BANK_PUBLIC_KEY,
  DEV_BANK131_OUR_PRIVATE_KEY,
  DEV_BANK131_OUR_PUBLIC_KEY,
  DEV_BANK131_PROJECT,
} from '../store/providers/bank131/bank131-dev-keys.js';
import { privateKeyOf, publicKeyOf } from '../store/providers/bank131/bank131-signature.js';
import { FakeBank131 } from './bank131-fake.js';

/**
 * The offline development bank (development only, while Bank131 is listed with no BANK131_*
 * keys): the fake Bank131 served by this server at /dev/bank131, checking our signed requests
 * and signing its notifications with the development keys, which it posts to this server's
 * /api/v1/store/webhooks/bank131 in process. Its card widget is the fake's stand-in script. An
 * SBP QR links to /dev/bank131/sbp/{session}, a page whose button pays it as a bank app would.
 */
export function bank131HostRoutes(ctx: AppContext, app: FastifyInstance): FastifyPluginAsyncZod {
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  const fake = new FakeBank131({
    ours: { publicKey: publicKeyOf(DEV_BANK131_OUR_PUBLIC_KEY), privateKey: privateKeyOf(DEV_BANK131_OUR_PRIVATE_KEY) },
    bank: {
      publicKey: publicKeyOf(DEV_BANK131_BANK_PUBLIC_KEY),
      privateKey: privateKeyOf(DEV_BANK131_BANK_PRIVATE_KEY),
    },
    project: DEV_BANK131_PROJECT,
    sbpLink: (session) => `${base}${DEV_BANK131_PATH}/sbp/${session}`,
  });
  fake.autoDeliver = true;
  fake.target = async (body, headers) =>
    (await app.inject({ method: 'POST', url: '/api/v1/store/webhooks/bank131', payload: body, headers })).statusCode;

  return async (scoped) => {
    // The bank checks signatures over the exact bytes: its routes take the body raw.
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scoped.get(`${DEV_BANK131_PATH}/widget.js`, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/javascript')
        .header('cache-control', 'no-store')
        .send(fake.widgetScript(`${base}${DEV_BANK131_PATH}/widget/tokenize`)),
    );

    scoped.get(
      `${DEV_BANK131_PATH}/sbp/:session`,
      { schema: { hide: true, params: z.object({ session: z.string().regex(/^ps_\w+$/) }) } },
      async (request, reply) => {
        if (!fake.sessions.has(request.params.session)) throw new NotFoundError('SBP payment');
        const html = `<!doctype html><meta name="viewport" content="width=device-width"><title>SBP</title>
<body style="font-family:sans-serif;padding:2rem"><h1>Development bank app</h1>
<p>Pay SBP session ${request.params.session}?</p>
<form method="post"><button type="submit" style="font-size:1.2rem;padding:.6rem 1.2rem">Pay</button></form>`;
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    );

    scoped.post(
      `${DEV_BANK131_PATH}/sbp/:session`,
      { schema: { hide: true, params: z.object({ session: z.string().regex(/^ps_\w+$/) }) } },
      async (request, reply) => {
        if (!fake.sessions.has(request.params.session)) throw new NotFoundError('SBP payment');
        fake.sbpPaid(request.params.session);
        return reply.type('text/html; charset=utf-8').send('<!doctype html><p>Paid. Go back to the game.</p>');
      },
    );

    scoped.post(`${DEV_BANK131_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
      const path = (request.params as { '*': string })['*'];
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = fake.handle(path, raw, request.headers);
      return reply.status(answer.status).header('cache-control', 'no-store').send(answer.body);
    });
  };
}
