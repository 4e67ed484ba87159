import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { UnauthorizedError } from '../errors.js';
import type { Sessions } from '../modules/auth/sessions.js';

/**
 * Who may call a route, declared on it (`config: { auth }`):
 * - `bearer`: a live session is required (401 otherwise);
 * - `optional`: anonymous, or signed in; a token that is sent (any Authorization header) must be live;
 * - `lenient`: anonymous, or signed in; an unknown or expired token counts as a guest;
 * - `none` (the default): no session is looked up.
 */
export type RouteAuth = 'bearer' | 'optional' | 'lenient' | 'none';

/** The signed-in session of a request. */
export interface RequestSession {
  accountId: string;
  /** The bearer token itself (logout and temp tokens need the session it names). */
  bearer: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; runs before validation and writes the OpenAPI `security`. */
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The session of a route declared `bearer`, `optional` or `lenient`; null when anonymous. */
    session: RequestSession | null;
  }
}

const SECURITY: Record<Exclude<RouteAuth, 'none'>, Array<Record<string, string[]>>> = {
  bearer: [{ bearer: [] }],
  optional: [{}, { bearer: [] }],
  lenient: [{}, { bearer: [] }],
};

/** The bearer token of a request, if it sent a well-formed one. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer ([\w-]{20,128})$/);
  return match?.[1];
}

/**
 * The session of a route declared `auth: 'bearer'`. A route that did not declare it is a
 * programming error, not a client's: it fails loudly rather than answering 401.
 */
export function sessionOf(request: FastifyRequest): RequestSession {
  if (!request.session) throw new Error(`${request.routeOptions.url} reads a session it did not declare`);
  return request.session;
}

/** The signed-in account of a route declared `auth: 'bearer'`. */
export function accountOf(request: FastifyRequest): string {
  return sessionOf(request).accountId;
}

/** The account of a route declared `optional` or `lenient`, or undefined when anonymous. */
export function optionalAccountOf(request: FastifyRequest): string | undefined {
  return request.session?.accountId;
}

function authenticator(mode: Exclude<RouteAuth, 'none'>, sessions: Sessions): onRequestHookHandler {
  const refuse = (request: FastifyRequest) =>
    mode === 'bearer' || (mode === 'optional' && request.headers.authorization !== undefined);
  // A callback hook, not an async one: a guest's request (most catalog reads) costs no promise.
  return (request, _reply, done) => {
    const bearer = bearerToken(request);
    if (!bearer) {
      done(refuse(request) ? new UnauthorizedError() : undefined);
      return;
    }
    sessions.resolve(bearer).then((accountId) => {
      if (accountId) {
        request.session = { accountId, bearer };
        done();
      } else done(refuse(request) ? new UnauthorizedError() : undefined);
    }, done);
  };
}

/**
 * Authentication as a route option. Call after the rate limiter is registered and before
 * any route: every route's onRequest then runs rate limit → authenticate, before the body
 * is parsed or validated (an anonymous request with a bad body gets 401, not field names),
 * and the route's OpenAPI `security` comes from the same flag.
 */
export function registerRouteAuth(app: FastifyInstance, sessions: Sessions): void {
  app.decorateRequest('session', null);
  app.addHook('onRoute', (route) => {
    const mode = route.config?.auth ?? 'none';
    if (mode === 'none') return;
    // In place: a schema object may be shared by several routes (GET and POST of one path).
    if (route.schema) route.schema.security = SECURITY[mode];
    else route.schema = { security: SECURITY[mode] };
    const hook = authenticator(mode, sessions);
    const existing = route.onRequest;
    route.onRequest =
      existing === undefined ? [hook] : Array.isArray(existing) ? [...existing, hook] : [existing, hook];
  });
}
