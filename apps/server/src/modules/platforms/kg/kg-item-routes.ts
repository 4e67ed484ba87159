import { GameSystemNameSchema, KongregateItemsRequestSchema, KongregateItemsResponseSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { accountOf } from '../../../http/authenticate.js';
import { problemResponses } from '../../../http/responses.js';
import { takeKongregateItems } from './kg-items.js';

/** The Kongregate item check the portal calls for the signed-in player after mtx.purchaseItems. */
export function kongregateItemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/kongregate/items/:Game', {
      config: { auth: 'bearer', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['store'],
        summary: "Takes the player's Kongregate items: one paid order per Kongregate item, used up on Kongregate",
        description:
          "GameAuthToken must authenticate at Kongregate (GET /api/authenticate.json with the game's API key) as the " +
          'Kongregate user the account signed in as, else 401 platform_sign_invalid; an account without one is 403. The ' +
          "player's unused items are read from Kongregate (user_items): each item of a catalog product with " +
          'PlatformPrices.kg pays one order once per item id (the same order when asked again) and is then used up ' +
          '(use_item); others answer platform_product_unknown. 503 when Kongregate does not answer.',
        params: z.object({ Game: GameSystemNameSchema }),
        body: KongregateItemsRequestSchema,
        response: { 200: KongregateItemsResponseSchema, ...problemResponses(400, 401, 403, 404, 429, 503) },
      },
      handler: async (request) =>
        takeKongregateItems(ctx, accountOf(request), request.params.Game, request.body.GameAuthToken, request.log),
    });
  };
}
