import { ValidationError } from '../../errors.js';

/** A configured DSN and where its envelopes go. */
export interface TunnelTarget {
  dsn: string;
  /** https://<host>/<prefix>api/<project>/envelope/?sentry_key=<key>&sentry_version=7 */
  envelopeUrl: string;
}

/**
 * The envelope endpoint of a public Sentry DSN (`https://<key>@<host>[/<prefix>]/<project>`),
 * as the SDK's getEnvelopeEndpointWithUrlEncodedAuth builds it; undefined when it is not one.
 */
export function tunnelTarget(dsn: string): TunnelTarget | undefined {
  let url: URL;
  try {
    url = new URL(dsn);
  } catch {
    return undefined;
  }
  const match = url.pathname.match(/^(\/(?:[^/]+\/)*)(\d+)$/);
  if (url.protocol !== 'https:' || !url.username || url.password || url.search || url.hash || !match) {
    return undefined;
  }
  const [, prefix, project] = match;
  const key = encodeURIComponent(decodeURIComponent(url.username));
  return {
    dsn,
    envelopeUrl: `https://${url.host}${prefix}api/${project}/envelope/?sentry_key=${key}&sentry_version=7`,
  };
}

/**
 * The DSN named in an envelope's header: its first line, parsed as JSON. Only that
 * line is decoded; the items after it may be binary (compressed replays).
 */
export function envelopeDsn(body: Buffer): string {
  const end = body.indexOf(0x0a);
  const line = body.subarray(0, end === -1 ? body.length : end).toString('utf8');
  let header: unknown;
  try {
    header = JSON.parse(line);
  } catch {
    throw new ValidationError([{ Field: 'body', Message: 'The envelope header is not JSON' }]);
  }
  const dsn = typeof header === 'object' && header !== null ? (header as { dsn?: unknown }).dsn : undefined;
  if (typeof dsn !== 'string' || dsn === '') {
    throw new ValidationError([{ Field: 'body.dsn', Message: 'The envelope header names no DSN' }]);
  }
  return dsn;
}
