import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { facebookSignedRequest } from '../facebook-signed-request.js';
import type { FbInstantConfig } from './fbinstant-config.js';

/** sky-runner's app secret in the platform tests; gem-garden's is another (a game's secret is its own). */
export const TEST_FB_INSTANT_SECRET = 'test-fb-instant-secret-for-sky-runner';
export const OTHER_GAME_FB_INSTANT_SECRET = 'test-fb-instant-secret-for-gem-garden';
export const TEST_FB_INSTANT_APP_ID = '1730000000000001';

export const TEST_FB_INSTANT_CONFIG: FbInstantConfig = {
  apps: {
    'sky-runner': { appId: TEST_FB_INSTANT_APP_ID, secrets: [TEST_FB_INSTANT_SECRET] },
    'gem-garden': { appId: '1730000000000002', secrets: [OTHER_GAME_FB_INSTANT_SECRET] },
  },
  devSecretPrefix: undefined,
  signedMaxAgeSeconds: 3600,
  sdkUrl: '/fbinstant.js',
};

/** A SignedPlayerInfo signature as getSignedPlayerInfoAsync() gives it, issued `ageSeconds` ago. */
export function signedPlayerInfo(
  playerId: string,
  nowMs: number,
  options: { ageSeconds?: number; secret?: string; extra?: Record<string, unknown> } = {},
): string {
  return facebookSignedRequest(
    {
      algorithm: 'HMAC-SHA256',
      issued_at: Math.floor(nowMs / 1000) - (options.ageSeconds ?? 5),
      player_id: playerId,
      request_payload: '',
      ...options.extra,
    },
    options.secret ?? TEST_FB_INSTANT_SECRET,
  );
}

/** A Purchase's signedRequest as Facebook signs it (security.md §4b field names). */
export function signedPurchase(
  input: { sku: string; developerPayload: string; paymentId?: string },
  nowMs: number,
  options: { secret?: string } = {},
) {
  const paymentId = input.paymentId ?? String(randomInt(1, 2 ** 47));
  return {
    paymentId,
    signed: facebookSignedRequest(
      {
        algorithm: 'HMAC-SHA256',
        issued_at: Math.floor(nowMs / 1000),
        payment_id: paymentId,
        product_id: input.sku,
        purchase_token: `token-${paymentId}`,
        developer_payload: input.developerPayload,
        purchase_time: Math.floor(nowMs / 1000),
        is_consumed: false,
      },
      options.secret ?? TEST_FB_INSTANT_SECRET,
    ),
  };
}

export function signInWithFbInstant(
  app: FastifyInstance,
  signature: string,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_social',
    payload: {
      Social: 'FacebookInstantGames',
      Game: 'sky-runner',
      FacebookInstantGamesLogin: { Signature: signature },
      ...body,
    },
  });
}

/** POST /platforms/payment for a product on Instant Games: purchaseAsync's arguments. */
export function startFbInstantPayment(app: FastifyInstance, token: string, sku: string, game = 'sky-runner') {
  return app.inject({
    method: 'POST',
    url: '/api/v1/platforms/payment',
    headers: { authorization: `Bearer ${token}` },
    payload: { Game: game, Platform: 'FacebookInstantGames', Sku: sku },
  });
}

export function postFbInstantPurchase(
  app: FastifyInstance,
  token: string | undefined,
  signed: string,
  game = 'sky-runner',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/fbinstant/purchase',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { Game: game, FbInstantPurchaseSignedData: signed },
  });
}
