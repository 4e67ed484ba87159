import {
  GameSystemNameSchema,
  GamesListRequestSchema,
  GamesListResponseSchema,
  GamesListWithConfigsResponseSchema,
  PlatformInputSchema,
  PublicGameConfigResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { problemResponses } from '../../http/responses.js';
import { getPublicGameConfig, listGameSummaries, listGamesWithConfigs } from './games-service.js';

/** Catalog reads: the games list and a game's public configuration. Anonymous. */
export function gamesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/games/list', {
      schema: {
        tags: ['games'],
        summary: 'Games of the catalog, as cards',
        body: GamesListRequestSchema,
        response: { 200: GamesListResponseSchema, ...problemResponses(400) },
      },
      handler: async (request) => ({
        AvailableGames: await listGameSummaries(ctx, {
          locale: request.body.Locale,
          platform: request.body.WebPublishingPlatform,
        }),
      }),
    });

    app.post('/games/list_with_configs', {
      schema: {
        tags: ['games'],
        summary: 'Games of the catalog with their public game data',
        body: GamesListRequestSchema,
        response: { 200: GamesListWithConfigsResponseSchema, ...problemResponses(400) },
      },
      handler: async (request) => ({
        AvailableGames: await listGamesWithConfigs(ctx, {
          locale: request.body.Locale,
          platform: request.body.WebPublishingPlatform,
        }),
      }),
    });

    app.get('/public_game_config/:Game', {
      schema: {
        tags: ['games'],
        summary: "A game's public data and web client settings on one platform",
        params: z.object({ Game: GameSystemNameSchema }),
        querystring: z.object({ WebPublishingPlatform: PlatformInputSchema.optional() }),
        response: { 200: PublicGameConfigResponseSchema, ...problemResponses(400, 404) },
      },
      handler: async (request) => getPublicGameConfig(ctx, request.params.Game, request.query.WebPublishingPlatform),
    });
  };
}
