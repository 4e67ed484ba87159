import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { MethodNotAllowedError } from '../../errors.js';
import { createErrorTunnel } from './error-tunnel-service.js';

/**
 * POST /api/s_tunnel: the portal's Sentry SDK posts envelopes here (see error-tunnel-service).
 * Not part of the JSON API, so not in OpenAPI.
 */
export function errorTunnelRoutes(ctx: AppContext, send: typeof fetch) {
  const tunnel = createErrorTunnel(ctx.config, send);
  return async (app: FastifyInstance) => {
    // Envelopes are bytes (text/plain from the SDK's fetch, or none): read them as a Buffer whatever the type.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post('/api/s_tunnel', {
      bodyLimit: ctx.config.errorTunnel.maxBytes,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { hide: true },
      handler: async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const answer = await tunnel.forward(body, (error) =>
          request.log.warn({ err: error }, 'error tunnel: forwarding failed'),
        );
        return reply.code(answer.status).headers(answer.headers).send();
      },
    });

    app.route({
      method: ['GET', 'PUT', 'PATCH', 'DELETE'],
      url: '/api/s_tunnel',
      schema: { hide: true },
      handler: async (_request, reply) => {
        reply.header('allow', 'POST');
        throw new MethodNotAllowedError('POST');
      },
    });
  };
}
