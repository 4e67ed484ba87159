import { FbInstantPurchaseRequestSchema, FbInstantPurchaseResponseSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { accountOf } from '../../../http/authenticate.js';
import { problemResponses } from '../../../http/responses.js';
import { verifyFbInstantPurchase } from './fbinstant-purchases.js';

/** The Facebook Instant Games purchase check the portal calls for the signed-in player (spec store §7). */
export function fbInstantPurchaseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/fbinstant/purchase', {
      config: { auth: 'bearer', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: 'Checks a Facebook Instant Games signed purchase and pays its order once per payment id',
        description:
          "FbInstantPurchaseSignedData is a Purchase's signedRequest (purchaseAsync() or getPurchasesAsync()), " +
          "checked with the game's app secret as Facebook signs it (HMAC-SHA256 over the encoded payload, " +
          'security.md §4): a bad one is 401 platform_sign_invalid. Its developer_payload must be the ' +
          'DeveloperPayload POST /platforms/payment gave this player in this game, else ErrorCode ' +
          'platform_order_mismatch; an unknown product answers platform_product_unknown. Success answers the ' +
          'order the payment made (the same order when sent again). Consume the purchase on Facebook only after Success.',
        body: FbInstantPurchaseRequestSchema,
        response: { 200: FbInstantPurchaseResponseSchema, ...problemResponses(400, 401, 404, 429, 503) },
      },
      handler: async (request) => verifyFbInstantPurchase(ctx, accountOf(request), request.body),
    });
  };
}
