import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../../errors.js';
import type { Sessions } from './sessions.js';

/** The bearer token of a request, if it sent one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer ([\w-]{20,128})$/);
  return match?.[1];
}

/** The signed-in session of a request; throws 401 for a missing, unknown, revoked or expired token. */
export async function requireSession(
  request: FastifyRequest,
  sessions: Sessions,
): Promise<{ accountId: string; bearer: string }> {
  const bearer = bearerToken(request);
  const accountId = bearer ? await sessions.resolve(bearer) : undefined;
  if (!bearer || !accountId) throw new UnauthorizedError();
  return { accountId, bearer };
}

/** The signed-in account of a request; throws 401 for a missing, unknown, revoked or expired token. */
export async function requireAccount(request: FastifyRequest, sessions: Sessions): Promise<string> {
  return (await requireSession(request, sessions)).accountId;
}
