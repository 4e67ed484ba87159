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
import { createCatalogReplies } from '../../http/catalog-reply.js';
import { problemResponses } from '../../http/responses.js';
import { getPublicGameConfig, listGameSummaries, listGamesWithConfigs } from './games-service.js';

/** Catalog reads: the games list and a game's public configuration. Anonymous, sent from memory with an ETag. */
export function gamesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const fromCatalog = createCatalogReplies(ctx.catalog);

    app.post('/games/list', {
      schema: {
        tags: ['games'],
        summary: 'Games of the catalog, as cards',
        body: GamesListRequestSchema,
        response: { 200: GamesListResponseSchema, ...problemResponses(400) },
      },
      handler: async (request, reply) => {
        const { Locale: locale, WebPublishingPlatform: platform } = request.body;
        return fromCatalog(request, reply, [locale, platform], async () => ({
          AvailableGames: await listGameSummaries(ctx, { locale, platform }),
        }));
      },
    });

    app.post('/games/list_with_configs', {
      schema: {
        tags: ['games'],
        summary: 'Games of the catalog with their public game data',
        body: GamesListRequestSchema,
        response: { 200: GamesListWithConfigsResponseSchema, ...problemResponses(400) },
      },
      handler: async (request, reply) => {
        const { Locale: locale, WebPublishingPlatform: platform } = request.body;
        return fromCatalog(request, reply, [locale, platform], async () => ({
          AvailableGames: await listGamesWithConfigs(ctx, { locale, platform }),
        }));
      },
    });

    app.get('/public_game_config/:Game', {
      schema: {
        tags: ['games'],
        summary: "A game's public data and web client settings on one platform",
        params: z.object({ Game: GameSystemNameSchema }),
        querystring: z.object({ WebPublishingPlatform: PlatformInputSchema.optional() }),
        response: { 200: PublicGameConfigResponseSchema, ...problemResponses(400, 404) },
      },
      handler: async (request, reply) => {
        const { Game: game } = request.params;
        const platform = request.query.WebPublishingPlatform;
        return fromCatalog(request, reply, [game, platform], () => getPublicGameConfig(ctx, game, platform));
      },
    });
  };
}
