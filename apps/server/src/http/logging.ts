import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values are credentials or personal data, and never reach the log. */
const SECRET_PARAM = /token|secret|password|sign|code|key|auth|email|nonce|session|hash|proof/i;

/**
 * Path segments that are credentials or personal data (security.md §12 row 50): what the
 * routes below carry after their fixed prefix. The payment providers' checkout ids (the
 * payment form's only credential, wherever they appear: API path or the portal's
 * `/{token}` page) come from the providers themselves (`checkoutIdPattern`).
 */
const SECRET_PATHS: RegExp[] = [
  /(?<=\/store\/payment_form\/)[^/?#]+/g,
  /(?<=\/Store\/MerchantPaymentCompleted\/)[^/?#]+/g,
  /(?<=\/LoginFromGame\/[^/?#]+\/)[^/?#]+/g,
  /(?<=\/check_account_exists_by_social_identifier\/[^/?#]+\/[^/?#]+\/)[^/?#]+/g,
];

/**
 * The request URL with credential path segments (those above and `secretIds`, the
 * providers' checkout ids) and the values of secret-looking query parameters masked.
 */
export function redactUrl(url: string, secretIds: readonly RegExp[] = []): string {
  const queryStart = url.indexOf('?');
  let path = queryStart < 0 ? url : url.slice(0, queryStart);
  for (const pattern of [...secretIds, ...SECRET_PATHS]) path = path.replace(pattern, '[redacted]');
  if (queryStart < 0) return path;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of [...params.keys()]) {
    if (SECRET_PARAM.test(name)) params.set(name, '[redacted]');
  }
  return `${path}?${params.toString()}`;
}

/** pino options: Authorization, cookies and tokens never appear in a log line. */
export function loggerOptions(
  level: string,
  stream?: NodeJS.WritableStream,
  secretIds: readonly RegExp[] = [],
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.Token',
        '*.token',
        '*.TempToken',
        '*.InviteToken',
        '*.Password',
        '*.password',
        '*.Secret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; id: string; ip?: string }) {
        return { id: request.id, method: request.method, url: redactUrl(request.url, secretIds), ip: request.ip };
      },
    },
  };
}
