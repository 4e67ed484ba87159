import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values are credentials of some kind and never reach the log. */
const SECRET_PARAM = /token|secret|password|signature|code|key|auth/i;

/** The request URL with the values of secret-looking query parameters masked. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of [...params.keys()]) {
    if (SECRET_PARAM.test(name)) params.set(name, '[redacted]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** pino options: Authorization, cookies and tokens never appear in a log line. */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
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
        return { id: request.id, method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}
