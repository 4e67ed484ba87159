import { timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Registry } from 'prom-client';

/** True when the request carries `Authorization: Bearer <token>` (compared in constant time). */
function hasToken(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics on the public port, for METRICS_TOKEN only: anyone else gets the same 404 as
 * for any unknown path, so the endpoint is not advertised. Not in the OpenAPI document.
 */
export function registerTokenMetrics(app: FastifyInstance, registry: Registry, token: string): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!hasToken(request, token)) return reply.callNotFound();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/**
 * A server of its own that answers only GET /metrics, for METRICS_PORT: reachable where the
 * operator exposes that port (a private network), never through the public one.
 */
export function metricsServer(registry: Registry): FastifyInstance {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  return server;
}
