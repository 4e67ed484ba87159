import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import helmet from 'helmet';

/** Origins a page must allow for something it embeds (a payment provider's checkout), by CSP directive. */
export interface CspSources {
  scriptSrc?: readonly string[];
  connectSrc?: readonly string[];
  frameSrc?: readonly string[];
}

/**
 * Security headers, computed once by helmet at start and set on every response:
 * running helmet per request halved throughput. The CSP lets the portal run its
 * own scripts only, embed games in frames, and be embedded by the publishing
 * platforms it runs on; `checkout` adds what the configured payment providers'
 * checkouts load (Stripe.js, …), each provider declaring its own.
 */
export function securityHeaders(
  frameAncestors: string[],
  remoteConsole = false,
  extraGameOrigins: string[] = [],
  checkout: CspSources = {},
): Record<string, string> {
  // The remotejs debug console (spec §1) runs remotejs.com's agent, which talks back to it;
  // only a page asked for with ?remotejs allows that, so no other page trusts a third party.
  const remote = remoteConsole ? [REMOTEJS_ORIGIN] : [];
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
        scriptSrc: ["'self'", 'https://challenges.cloudflare.com', ...(checkout.scriptSrc ?? []), ...remote],
        // Inline style attributes are how React and the API reference set sizes and colours.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          ...(checkout.connectSrc ?? []),
          ...remote,
          ...remote.map((origin) => origin.replace('https:', 'wss:')),
        ],
        // Games may come from any https origin; checkout frames are named for clarity should this narrow.
        frameSrc: ["'self'", 'https:', ...extraGameOrigins, ...(checkout.frameSrc ?? [])],
        // Error reporting's session replay compresses in a worker it builds from a blob.
        workerSrc: ["'self'", 'blob:'],
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

const REMOTEJS_ORIGIN = 'https://remotejs.com';

/**
 * Development only: a studio serves its game from its own dev server on this machine
 * (`http://localhost:5173/`) before it has an https host; production frames https only.
 */
export const LOCAL_GAME_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];

/** A page asked for with the remotejs debug console, e.g. `/?remotejs=channel`. */
function asksForRemoteConsole(url: string): boolean {
  const query = url.indexOf('?');
  return query !== -1 && new URLSearchParams(url.slice(query + 1)).has('remotejs');
}

const SAFE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * New request ids: UUID-shaped, a random prefix per process (ids of several instances never
 * meet) and a counter, rather than fresh randomness per request. An id names a request in
 * the logs and grants nothing.
 */
const ID_PREFIX = randomUUID().slice(0, 24);
let requests = 0;

/**
 * Keeps a caller's X-Request-Id when it is short and plain (so a proxy's id
 * follows the request through our logs), otherwise makes a new one.
 */
export function requestIdFor(request: RawRequestDefaultExpression): string {
  const given = request.headers['x-request-id'];
  if (typeof given === 'string' && SAFE_REQUEST_ID.test(given)) return given;
  requests = (requests + 1) % 2 ** 48;
  return ID_PREFIX + requests.toString(16).padStart(12, '0');
}

/**
 * Headers of JSON answers, after OWASP's REST Security cheat sheet: an answer is
 * never rendered, so its CSP only has to forbid loading and framing anything.
 * The document headers, with the long CSP, go on pages and files: every header
 * is validated and written per response, and on the hot API calls that showed.
 */
export function answerHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'strict-transport-security',
    'x-content-type-options',
    'referrer-policy',
    'cross-origin-resource-policy',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...Object.fromEntries(kept.flatMap((name) => (documentHeaders[name] ? [[name, documentHeaders[name]]] : []))),
  };
}

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json/;

/**
 * Every response, errors included, carries the request's id and security
 * headers chosen by what it is (a JSON answer or a document); a header a route
 * set itself is kept.
 */
export function registerResponseHeaders(
  app: FastifyInstance,
  frameAncestors: string[],
  extraGameOrigins: string[] = [],
  checkout: CspSources = {},
): ApplyHeaders {
  const documentHeaders = securityHeaders(frameAncestors, false, extraGameOrigins, checkout);
  // Name-value pairs: walked per response, faster than an object's keys.
  const forDocuments = Object.entries(documentHeaders);
  const forRemoteConsole = Object.entries(securityHeaders(frameAncestors, true, extraGameOrigins, checkout));
  const forAnswers = Object.entries(answerHeaders(documentHeaders));
  /** The last content type found to be JSON: nearly every answer has the same one. */
  let jsonType = '';
  const apply: ApplyHeaders = (request, reply) => {
    const type = reply.getHeader('content-type');
    let headers = forDocuments;
    if (typeof type === 'string' && (type === jsonType || JSON_TYPE.test(type))) {
      jsonType = type;
      headers = forAnswers;
    } else if (asksForRemoteConsole(request.url)) headers = forRemoteConsole;
    for (const [name, value] of headers) if (!reply.hasHeader(name)) reply.header(name, value);
    reply.header('x-request-id', request.id);
  };
  // onSend: only then is the content type known.
  app.addHook('onSend', (request, reply, payload, done) => {
    apply(request, reply);
    done(null, payload);
  });
  return apply;
}

/** Puts the security headers and request id on a reply; also for errors raised before any hook runs. */
export type ApplyHeaders = (request: FastifyRequest, reply: FastifyReply) => void;
