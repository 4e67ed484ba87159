import { GameSystemNameSchema, SteamSettleRequestSchema, SteamSettleResponseSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { accountOf } from '../../../http/authenticate.js';
import { problemResponses } from '../../../http/responses.js';
import { requireGameOnPlatform } from '../../store/store-front-service.js';
import { steamOpenIdRoutes } from './steam-openid-routes.js';
import { settleSteamTransactions } from './steam-settle.js';

/** What the portal asks of our server about Steam microtransactions. */
export function steamRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(steamOpenIdRoutes(ctx));
    app.post('/platforms/steam/settle/:Game', {
      config: { auth: 'bearer', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['platforms'],
        summary: "Settles the player's Steam microtransactions: FinalizeTxn when approved, the order paid once",
        description:
          'After the overlay answered (MicroTxnAuthorizationResponse), the portal names the OrderId POST /platforms/payment ' +
          'opened; without one, every transaction of the player still open in the game is settled (recovery). Steam decides ' +
          '(QueryTxn): Init is Waiting; Approved is charged with FinalizeTxn and its order paid, once per orderid; Succeeded ' +
          'is delivered; Failed (denied, a failed charge) is Failed. A transaction whose user, item, amount or currency ' +
          'differ from the one opened is never charged (platform_price_mismatch). 404 not_found for an orderid that is not ' +
          "this player's in this game; 503 when Steam does not answer.",
        params: z.object({ Game: GameSystemNameSchema }),
        body: SteamSettleRequestSchema,
        response: { 200: SteamSettleResponseSchema, ...problemResponses(400, 401, 404, 503) },
      },
      handler: async (request) => {
        const game = await requireGameOnPlatform(ctx, request.params.Game, 'Steam');
        const items = await settleSteamTransactions(ctx, accountOf(request), game, request.body.OrderId, request.log);
        return { Items: items };
      },
    });
  };
}
