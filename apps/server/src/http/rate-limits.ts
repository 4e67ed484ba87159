import type { FastifyRequest } from 'fastify';
import { bearerToken } from './authenticate.js';

/**
 * A route's rate limit counted per player: by the bearer token, or by the address for a request
 * without one, so that players behind one NAT do not share a limit. `prefix` keeps the counts of a
 * family of routes apart from the others'.
 */
export function perPlayer(max: number, timeWindow = '1 minute', prefix = '') {
  return {
    rateLimit: {
      max,
      timeWindow,
      keyGenerator: (request: FastifyRequest) => `${prefix}${bearerToken(request) ?? request.ip}`,
    },
  };
}
