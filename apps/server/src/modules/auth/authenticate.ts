import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../../errors.js';
import type { Sessions } from './sessions.js';

/** The bearer token of a request, if it sent one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer ([\w-]{20,128})$/);
  return match?.[1];
}

/** The signed-in account of a request; throws 401 for a missing, unknown, revoked or expired token. */
export async function requireAccount(request: FastifyRequest, sessions: Sessions): Promise<string> {
  const token = bearerToken(request);
  const accountId = token ? await sessions.resolve(token) : undefined;
  if (!accountId) throw new UnauthorizedError();
  return accountId;
}
