import {
  ChooseGameRequestSchema,
  ChooseGameResponseSchema,
  GameSystemNameSchema,
  LocaleSchema,
  PlayGameQuerySchema,
  PlayGameResponseSchema,
  PlayListQuerySchema,
  PlayListResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { GameNotFoundError, ServiceUnavailableError } from '../../errors.js';
import { optionalAccountOf } from '../../http/authenticate.js';
import { portalStartPages } from '../../http/portal.js';
import { problemResponses } from '../../http/responses.js';
import { webAppManifest } from './manifest.js';
import { chooseGame, launchGame, listBuilds } from './play-service.js';

/** Starting a game: portal config, launch data with the GameJwt, and the game's app manifest. */
export function playRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Built once, as the portal's own fallback page is.
    const startPages = portalStartPages(ctx.config);
    app.post('/play/choose_game', {
      schema: {
        tags: ['play'],
        summary: 'The portal configuration and public data of a game on a platform',
        body: ChooseGameRequestSchema,
        response: { 200: ChooseGameResponseSchema, ...problemResponses(400, 404) },
      },
      handler: async (request) => chooseGame(ctx, request.body.GameSystemName, request.body.WebPublishingPlatform),
    });

    app.get('/play/index_html', {
      schema: {
        tags: ['play'],
        summary: "The portal's start page with its page configuration, for hosts that embed it",
        produces: ['text/html'],
        response: { 200: z.string().describe('HTML'), ...problemResponses(503) },
      },
      handler: async (_request, reply) => {
        if (!startPages) throw new ServiceUnavailableError('The portal build');
        const html = startPages.get(ctx.config.portal.defaultLocale);
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      },
    });

    app.get('/play/:Game/list', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['play'],
        summary: 'Published builds of a game that this portal version can run',
        params: z.object({ Game: GameSystemNameSchema }),
        querystring: PlayListQuerySchema,
        response: { 200: PlayListResponseSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) => {
        return listBuilds(ctx, request.params.Game, request.query.OtaVersion);
      },
    });

    app.get('/play/:Game', {
      config: { auth: 'optional' },
      schema: {
        tags: ['play'],
        summary: 'Launch data of a game; with a bearer token, a GameJwt for the player',
        params: z.object({ Game: GameSystemNameSchema }),
        querystring: PlayGameQuerySchema,
        response: { 200: PlayGameResponseSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) => {
        return launchGame(ctx, request.params.Game, request.query.WebPublishingPlatform, optionalAccountOf(request));
      },
    });

    app.get('/manifest/:Game', {
      schema: {
        tags: ['play'],
        summary: 'Web app manifest that installs a game as an app',
        params: z.object({ Game: GameSystemNameSchema }),
        querystring: z.object({ lang: LocaleSchema.optional() }),
        response: { 200: z.record(z.string(), z.unknown()), ...problemResponses(400, 404) },
      },
      handler: async (request, reply) => {
        const game = await ctx.catalog.find(request.params.Game);
        if (!game) throw new GameNotFoundError(request.params.Game);
        reply.type('application/manifest+json; charset=utf-8');
        return webAppManifest(game.definition, request.query.lang, ctx.config.portal.routerBasePath);
      },
    });
  };
}

/** The public keys game servers verify GameJwts with. */
export function jwksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/.well-known/jwks.json', {
      schema: {
        tags: ['play'],
        summary: 'Public keys (JWKS) that sign GameJwts',
        response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) },
      },
      handler: async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return ctx.gameJwt.jwks();
      },
    });
  };
}
