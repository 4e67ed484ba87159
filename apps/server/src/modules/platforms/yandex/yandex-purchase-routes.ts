import { GameSystemNameSchema, YandexPurchaseRequestSchema, YandexPurchaseResponseSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { accountOf } from '../../../http/authenticate.js';
import { problemResponses } from '../../../http/responses.js';
import { verifyYandexPurchases } from './yandex-purchases.js';

/** The Yandex Games purchase check the portal calls for the signed-in player (spec store §7). */
export function yandexPurchaseRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/yandexgames/purchase/:Game', {
      config: { auth: 'bearer', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: 'Checks Yandex Games signed purchases and pays their orders once per purchase token',
        description:
          'YandexSignedData is the signature of payments.purchase() (one fresh purchase) or, with ' +
          "YandexGetPurchasesRequest, of payments.getPurchases() (a list). It is checked with the game's Yandex " +
          'secret key (HMAC-SHA256 over the decoded JSON, security.md §5): a bad one is 401 platform_sign_invalid, ' +
          'a stale single purchase 401 platform_payload_expired. Each token then answers on its own: Success with ' +
          'the order it made (the same order when sent again), or an ErrorCode (platform_product_unknown, ' +
          'platform_price_mismatch against the catalog PlatformPrices.yandex, platform_purchase_taken when another ' +
          'account sent it first). Consume the token on Yandex only after Success.',
        params: z.object({ Game: GameSystemNameSchema }),
        body: YandexPurchaseRequestSchema,
        response: { 200: YandexPurchaseResponseSchema, ...problemResponses(400, 401, 404, 429, 503) },
      },
      handler: async (request) => verifyYandexPurchases(ctx, accountOf(request), request.params.Game, request.body),
    });
  };
}
