import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import type { WizqConfig } from './wizq-config.js';
import { oauthHeader } from './wizq-oauth.js';
import { WIZQ_TOKEN_ISSUER } from './wizq-sign-in.js';

/** sky-runner's WizQ application in the platform tests; gem-garden has none. */
export const TEST_WIZQ_APP = { appId: '13000001', secret: 'test-wizq-consumer-secret-sky-runner' };

export const TEST_WIZQ_CONFIG: WizqConfig = {
  apps: { 'sky-runner': { appId: TEST_WIZQ_APP.appId, secrets: [TEST_WIZQ_APP.secret] } },
  dev: undefined,
};

/** When the test app's clock starts (test/app.ts TEST_START; that folder is not part of the build). */
export const TEST_CLOCK_START = Date.UTC(2026, 10, 23, 12);
const nowSeconds = Math.floor(TEST_CLOCK_START / 1000);

/** A launch token as WizQ would sign it; `claims` override, `secret` and `alg` forge. */
export function wizqToken(
  viewerId: string,
  claims: Record<string, unknown> = {},
  secret = TEST_WIZQ_APP.secret,
): Promise<string> {
  return new SignJWT({
    iss: WIZQ_TOKEN_ISSUER,
    aud: TEST_WIZQ_APP.appId,
    sub: viewerId,
    iat: nowSeconds,
    exp: nowSeconds + 3600,
    ...claims,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(secret));
}

export function signInWithWizq(app: FastifyInstance, token: string, game = 'sky-runner') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_social',
    payload: { Social: 'WizQ', Game: game, WizQLogin: { Token: token } },
  });
}

/** The URL WizQ signs: the test config's PUBLIC_URL origin and the route's path. */
export const proxyUrl = (origin: string, game = 'sky-runner') => `${origin}/api/v1/wizq/proxyRequestHandler/${game}`;

/** A relayed proxy request, signed as WizQ's gadget server signs it. */
export function postWizqProxy(
  app: FastifyInstance,
  input: {
    origin: string;
    form: [string, string][];
    session?: string;
    secret?: string;
    consumerKey?: string;
    timestamp?: number;
    game?: string;
  },
) {
  const game = input.game ?? 'sky-runner';
  const header = oauthHeader(
    { method: 'POST', url: proxyUrl(input.origin, game), form: input.form },
    {
      consumerKey: input.consumerKey ?? TEST_WIZQ_APP.appId,
      secret: input.secret ?? TEST_WIZQ_APP.secret,
      token: input.session ?? 'wizq-session-1',
      timestamp: input.timestamp ?? nowSeconds,
      nonce: randomBytes(8).toString('hex'),
    },
  );
  return app.inject({
    method: 'POST',
    url: `/api/v1/wizq/proxyRequestHandler/${game}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: header },
    payload: new URLSearchParams(input.form).toString(),
  });
}
