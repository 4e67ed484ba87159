import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers, computed once by helmet at start and set on every response:
 * running helmet per request halved throughput. The CSP lets the portal run its
 * own scripts only, embed games in frames, and be embedded by the publishing
 * platforms it runs on.
 */
export function securityHeaders(frameAncestors: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The Turnstile robot check loads its script from Cloudflare (only when a site key is set).
        scriptSrc: ["'self'", 'https://challenges.cloudflare.com'],
        // Inline style attributes are how React and the API reference set sizes and colours.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'https:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors,
      },
    },
    // Publishing platforms embed the portal in their pages; frame-ancestors decides who may.
    xFrameOptions: false,
    crossOriginEmbedderPolicy: false,
    // Sign-in popups of identity providers must be able to talk back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Games on other origins load the SDK and images from us.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  middleware({} as never, response as never, () => undefined);
  return headers;
}

const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Keeps a caller's X-Request-Id when it is short and plain (so a proxy's id
 * follows the request through our logs), otherwise makes a new one.
 */
export function requestIdFor(request: RawRequestDefaultExpression): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Every response, errors included, carries the security headers and the request's id. */
export function registerResponseHeaders(app: FastifyInstance, frameAncestors: string[]): ApplyHeaders {
  const headers = securityHeaders(frameAncestors);
  const apply: ApplyHeaders = (request, reply) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
  };
  app.addHook('onRequest', (request, reply, done) => {
    apply(request, reply);
    done();
  });
  return apply;
}

/** Puts the security headers and request id on a reply; also for errors raised before any hook runs. */
export type ApplyHeaders = (request: FastifyRequest, reply: FastifyReply) => void;
