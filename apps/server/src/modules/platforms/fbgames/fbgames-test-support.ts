import type { FastifyInstance } from 'fastify';
import { facebookSignedRequest } from '../facebook-signed-request.js';
import type { FakeGraph, FakeGraphPayment } from './facebook-graph-fake.js';
import type { FbGamesConfig } from './fbgames-config.js';
import { hubSignature } from './hub-signature.js';

export const TEST_FB_GAMES_SECRET = 'test-fb-games-secret-for-sky-runner';
export const OTHER_GAME_FB_GAMES_SECRET = 'test-fb-games-secret-for-gem-garden';
export const TEST_FB_GAMES_APP_ID = '1740000000000001';
export const TEST_VERIFY_TOKEN = 'test-verify-token';

export function testFbGamesConfig(graphUrl: string): FbGamesConfig {
  return {
    apps: {
      'sky-runner': { appId: TEST_FB_GAMES_APP_ID, secrets: [TEST_FB_GAMES_SECRET] },
      'gem-garden': { appId: '1740000000000002', secrets: [OTHER_GAME_FB_GAMES_SECRET] },
    },
    devSecretPrefix: undefined,
    signedMaxAgeSeconds: 3600,
    graphUrl,
    webhookVerifyToken: TEST_VERIFY_TOKEN,
    sdkUrl: '/fb-sdk.js',
  };
}

/** A signed_request for a Facebook user, issued `ageSeconds` ago. */
export function fbSignedRequest(
  userId: string | undefined,
  nowMs: number,
  options: { ageSeconds?: number; secret?: string } = {},
): string {
  return facebookSignedRequest(
    {
      algorithm: 'HMAC-SHA256',
      issued_at: Math.floor(nowMs / 1000) - (options.ageSeconds ?? 5),
      ...(userId ? { user_id: userId } : {}),
    },
    options.secret ?? TEST_FB_GAMES_SECRET,
  );
}

export function signInWithFbGames(app: FastifyInstance, signedRequest: string, body: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_social',
    payload: {
      Social: 'FacebookGames',
      Game: 'sky-runner',
      FacebookGamesLogin: { SignedRequest: signedRequest },
      ...body,
    },
  });
}

export function postForm(app: FastifyInstance, url: string, form: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

/** Facebook's payments webhook for one payment, signed as Facebook signs it (or with `secret`). */
export function postPaymentWebhook(
  app: FastifyInstance,
  paymentId: string,
  options: { secret?: string; game?: string; signature?: string } = {},
) {
  const body = JSON.stringify({
    object: 'payments',
    entry: [{ id: paymentId, time: 1_767_268_800, changed_fields: ['actions'] }],
  });
  return app.inject({
    method: 'POST',
    url: `/api/v1/platforms/fbgames/payments/${options.game ?? 'sky-runner'}`,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': options.signature ?? hubSignature(body, options.secret ?? TEST_FB_GAMES_SECRET),
    },
    payload: body,
  });
}

/** Records in the fake Graph a completed charge, as Facebook would after the pay dialog. */
export function recordCharge(
  graph: FakeGraph,
  input: { paymentId: string; userId: string; requestId: string; productUrl: string; appId?: string },
): FakeGraphPayment {
  const appId = input.appId ?? TEST_FB_GAMES_APP_ID;
  const payment: FakeGraphPayment = {
    id: input.paymentId,
    user: { id: input.userId, name: 'Test User' },
    application: { id: appId, name: 'Sky Runner' },
    request_id: input.requestId,
    actions: [
      {
        type: 'charge',
        status: 'completed',
        currency: 'USD',
        amount: '0.99',
        time_created: '2026-11-23T12:00:00+0000',
      },
    ],
    items: [{ type: 'IN_APP_PURCHASE', product: input.productUrl, quantity: 1 }],
  };
  graph.record(payment, `${TEST_FB_GAMES_APP_ID}|${TEST_FB_GAMES_SECRET}`);
  return payment;
}
