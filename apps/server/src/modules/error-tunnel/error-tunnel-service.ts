import type { Config } from '../../config.js';
import { AppError, TunnelDsnNotAllowedError } from '../../errors.js';
import { envelopeDsn, type TunnelTarget, tunnelTarget } from './sentry-envelope.js';

/** How long the upstream may take; the SDK does not wait for the answer anyway. */
const UPSTREAM_TIMEOUT_MS = 5000;
/** Upstream headers the SDK backs off on; nothing else of the upstream answer (not even its body) is passed on. */
const PASSED_HEADERS = ['retry-after', 'x-sentry-rate-limits'];

export interface TunnelAnswer {
  status: number;
  headers: Record<string, string>;
}

/**
 * The error-reporting tunnel (security.md §11): envelopes go on only to the configured
 * DSNs (exact match of the envelope header's dsn), never to a host taken from the request,
 * with no cookies or auth, no redirects and a time limit.
 */
export function createErrorTunnel(config: Pick<Config, 'errorTunnel'>, send: typeof fetch) {
  const targets = new Map<string, TunnelTarget>();
  for (const dsn of config.errorTunnel.dsns) {
    const target = tunnelTarget(dsn);
    if (target) targets.set(dsn, target);
  }
  return {
    /** Forwards one envelope; `onForwardFailed` hears why a send failed (logged by the caller). */
    async forward(body: Buffer, onForwardFailed: (error: unknown) => void): Promise<TunnelAnswer> {
      if (targets.size === 0) throw new AppError('internal_error', 'Tunnel not configured');
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
        onForwardFailed(error);
        throw new AppError('internal_error', 'The envelope could not be forwarded');
      }
      if (upstream.status >= 300 && upstream.status < 400) {
        throw new AppError('internal_error', 'The envelope could not be forwarded');
      }
      const headers: Record<string, string> = {};
      for (const name of PASSED_HEADERS) {
        const value = upstream.headers.get(name);
        if (value) headers[name] = value;
      }
      await upstream.body?.cancel();
      return { status: upstream.status, headers };
    },
  };
}
