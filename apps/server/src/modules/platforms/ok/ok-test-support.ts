import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { OkConfig } from './ok-config.js';
import { okAuthSig, okParamsSig } from './ok-sign.js';

/** sky-runner's OK application in the platform tests; gem-garden has none (and no dev fallback). */
export const TEST_OK_APP = {
  appId: '512000000001',
  publicKey: 'CBATESTSKYRUNNER',
  secret: 'test-ok-secret-key-for-sky-runner',
};

export const TEST_OK_CONFIG: OkConfig = {
  apps: {
    'sky-runner': { appId: TEST_OK_APP.appId, publicKey: TEST_OK_APP.publicKey, secrets: [TEST_OK_APP.secret] },
  },
  dev: undefined,
  fapiUrl: 'dev/hosts/ok/fapi5.js',
};

/** Launch parameters as OK gives them to an app for a user; extra values override. */
export function okLaunchQuery(userId: string, extra: Record<string, string> = {}, secret = TEST_OK_APP.secret): string {
  const params: Record<string, string> = {
    api_server: 'https://api.ok.ru/',
    apiconnection: `${TEST_OK_APP.appId}_${Date.now()}`,
    application_key: TEST_OK_APP.publicKey,
    logged_user_id: userId,
    session_key: `-s-${userId}-session`,
    session_secret_key: 'abcdef0123456789',
    authorized: '1',
    ...extra,
  };
  params.auth_sig = okAuthSig(params.logged_user_id ?? '', params.session_key ?? '', secret);
  return `?${new URLSearchParams(params)}`;
}

export function signInWithOk(
  app: FastifyInstance,
  queryString: string,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_social',
    payload: { Social: 'Odnoklassniki', Game: 'sky-runner', OdnoklassnikiLogin: { QueryString: queryString }, ...body },
  });
}

/** A callbacks.payment query string, signed as OK signs it. */
export function okPaymentQuery(params: Record<string, string>, secret = TEST_OK_APP.secret): string {
  const sig = okParamsSig(new Map(Object.entries(params)), secret);
  return new URLSearchParams({ ...params, sig }).toString();
}

export function getOkPayment(
  app: FastifyInstance,
  query: string,
  game = 'sky-runner',
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `/api/v1/platforms/ok/payments/${game}?${query}` });
}
