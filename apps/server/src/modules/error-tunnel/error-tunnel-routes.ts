import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, MethodNotAllowedError, TunnelDsnNotAllowedError } from '../../errors.js';
import { envelopeDsn, type TunnelTarget, tunnelTarget } from './sentry-envelope.js';

/** How long the upstream may take; the SDK does not wait for the answer anyway. */
const UPSTREAM_TIMEOUT_MS = 5000;

/**
 * The error-reporting tunnel (security.md §11): the portal's Sentry SDK posts
 * envelopes here, and they go on only to the configured DSNs, never to a host
 * taken from the request. Not part of the JSON API, so not in OpenAPI.
 */
export function errorTunnelRoutes(ctx: AppContext, send: typeof fetch) {
  const targets = new Map<string, TunnelTarget>();
  for (const dsn of ctx.config.errorTunnel.dsns) {
    const target = tunnelTarget(dsn);
    if (target) targets.set(dsn, target);
  }
  return async (app: FastifyInstance) => {
    // Envelopes are bytes (text/plain from the SDK's fetch, or none): read them as a Buffer whatever the type.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post('/api/s_tunnel', {
      bodyLimit: ctx.config.errorTunnel.maxBytes,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { hide: true },
      handler: async (request, reply) => {
        if (targets.size === 0) throw new AppError('internal_error', 'Tunnel not configured');
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        // Exact string match: a DSN for another host or project is refused, not rewritten.
        const target = targets.get(envelopeDsn(body));
        if (!target) throw new TunnelDsnNotAllowedError();
        let upstream: Response;
        try {
          upstream = await send(target.envelopeUrl, {
            method: 'POST',
            body: new Uint8Array(body),
            headers: { 'content-type': 'application/x-sentry-envelope' },
            redirect: 'manual',
            signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
          });
        } catch (error) {
          request.log.warn({ err: error }, 'error tunnel: forwarding failed');
          throw new AppError('internal_error', 'The envelope could not be forwarded');
        }
        if (upstream.status >= 300 && upstream.status < 400) {
          throw new AppError('internal_error', 'The envelope could not be forwarded');
        }
        // The SDK backs off on these; nothing else of the upstream answer (not even its body) is passed on.
        for (const name of ['retry-after', 'x-sentry-rate-limits']) {
          const value = upstream.headers.get(name);
          if (value) reply.header(name, value);
        }
        await upstream.body?.cancel();
        return reply.code(upstream.status).send();
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
