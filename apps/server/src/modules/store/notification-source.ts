import type { IncomingHttpHeaders } from 'node:http';

/**
 * The address a provider's notification came from, for the providers that check it
 * (security.md §8e): the TCP peer, or behind a trusted proxy the last hop of
 * X-Forwarded-For, which that proxy appended. Never the left-most entry, which whoever
 * sent the request may have written (Fastify's request.ip, trusting every hop, takes that one).
 */
export function notificationSourceIp(
  peer: string | undefined,
  headers: IncomingHttpHeaders,
  trustProxy: boolean,
): string {
  if (!trustProxy) return peer ?? '';
  const forwarded = headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.at(-1) ?? peer ?? '';
}
