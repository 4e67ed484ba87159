import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Sessions } from '../modules/auth/sessions.js';
import { optionalAccountOf, type RouteAuth, registerRouteAuth, sessionOf } from './authenticate.js';
import { registerErrorHandler } from './error-handler.js';

const LIVE = 'live-token-aaaaaaaaaaaaaaaa';
const STALE = 'stale-token-bbbbbbbbbbbbbbbb';
const sessions = {
  resolve: async (token: string) => (token === LIVE ? 'account-1' : undefined),
} as unknown as Sessions;

/** One route per mode, each with a body it validates. */
async function appWithRoutes() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRouteAuth(app, sessions);
  // After registerRouteAuth: onRoute hooks run in order, as @fastify/swagger's does after it in app.ts.
  const routes: Record<string, unknown> = {};
  app.addHook('onRoute', (route) => {
    routes[route.url] = route.schema?.security;
  });
  for (const mode of ['bearer', 'optional', 'lenient', 'none'] as RouteAuth[]) {
    app.post(`/${mode}`, {
      config: { auth: mode },
      schema: { body: z.object({ Name: z.string() }) },
      handler: async (request) => ({
        account: mode === 'bearer' ? sessionOf(request).accountId : (optionalAccountOf(request) ?? null),
      }),
    });
  }
  await app.ready();
  return { app, routes };
}

const call = (
  app: Awaited<ReturnType<typeof appWithRoutes>>['app'],
  url: string,
  token?: string,
  payload: object = { Name: 'x' },
) => app.inject({ method: 'POST', url, payload, headers: token === undefined ? {} : { authorization: token } });

describe('auth declared on the route', () => {
  it('writes the OpenAPI security from the same flag', async () => {
    const { routes } = await appWithRoutes();
    expect(routes).toMatchObject({
      '/bearer': [{ bearer: [] }],
      '/optional': [{}, { bearer: [] }],
      '/lenient': [{}, { bearer: [] }],
    });
    expect(routes['/none']).toBeUndefined();
  });

  it.each([
    // mode, Authorization header, status, account
    ['bearer', `Bearer ${LIVE}`, 200, 'account-1'],
    ['bearer', undefined, 401, undefined],
    ['bearer', `Bearer ${STALE}`, 401, undefined],
    ['optional', undefined, 200, null],
    ['optional', `Bearer ${LIVE}`, 200, 'account-1'],
    ['optional', `Bearer ${STALE}`, 401, undefined],
    ['optional', 'Basic abc', 401, undefined],
    ['lenient', undefined, 200, null],
    ['lenient', `Bearer ${STALE}`, 200, null],
    ['lenient', `Bearer ${LIVE}`, 200, 'account-1'],
    ['none', `Bearer ${LIVE}`, 200, null],
  ] as const)('%s with %s → %i', async (mode, header, status, account) => {
    const { app } = await appWithRoutes();
    const response = await call(app, `/${mode}`, header);
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json()).toEqual({ account });
    else expect(response.json().ErrorCode).toBe('unauthorized');
  });

  it('authenticates before validating: an anonymous bad body gets 401, a signed-in one the field', async () => {
    const { app } = await appWithRoutes();
    const anonymous = await call(app, '/bearer', undefined, { Name: 5 });
    expect([anonymous.statusCode, anonymous.json().ErrorCode]).toEqual([401, 'unauthorized']);
    const signedIn = await call(app, '/bearer', `Bearer ${LIVE}`, { Name: 5 });
    expect([signedIn.statusCode, signedIn.json().ErrorCode]).toEqual([400, 'validation_failed']);
  });
});
