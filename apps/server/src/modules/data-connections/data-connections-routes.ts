import {
  DataConnectionsResponseSchema,
  TwitchConnectRequestSchema,
  TwitchRefreshTokenRequestSchema,
  TwitchStartRequestSchema,
  TwitchStartResponseSchema,
  TwitchTokensResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { accountOf } from '../../http/authenticate.js';
import { problemResponses } from '../../http/responses.js';
import { connectTwitch, listDataConnections, refreshTwitch, startTwitch } from './data-connections-service.js';

/** The streaming-service block (spec §3, §7): Twitch connect and refresh, and the list of connected services. */
export function dataConnectionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/auth/twitch/start', {
      config: { auth: 'bearer', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: "Where to send the player to connect Twitch for a game: Twitch's authorization page",
        description:
          "The game's Twitch application, our redirect page (`{PUBLIC_URL}/TwitchConnect`) and the browser's State. " +
          'A game without a Twitch application: 503 `platform_not_configured`.',
        body: TwitchStartRequestSchema,
        response: { 200: TwitchStartResponseSchema, ...problemResponses(400, 401, 404, 429, 503) },
      },
      handler: async (request) => startTwitch(ctx, request.body),
    });

    app.post('/auth/twitch/connect', {
      config: { auth: 'bearer', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: "Connects the player's Twitch account to a game: exchanges Twitch's authorization code",
        description:
          "The code Twitch gave the game's redirect URL (`{PUBLIC_URL}/TwitchConnect`) is exchanged at Twitch with the " +
          "game's Twitch application; Twitch's /oauth2/validate names the user. The tokens are stored sealed and " +
          'returned. A refused code (spent, expired, forged, another application): 401 `platform_sign_invalid`; a game ' +
          'without a Twitch application: 503 `platform_not_configured`.',
        body: TwitchConnectRequestSchema,
        response: { 200: TwitchTokensResponseSchema, ...problemResponses(400, 401, 404, 429, 503) },
      },
      handler: async (request) => connectTwitch(ctx, accountOf(request), request.body),
    });

    app.post('/auth/twitch/refresh_token', {
      config: { auth: 'bearer', rateLimit: { max: 60, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: "Refreshes the game's Twitch tokens of the player",
        description:
          'Uses the stored refresh token; Twitch may rotate it (the new one is stored). No connection: 404 ' +
          '`not_found`. Refused by Twitch (revoked): 401 `platform_sign_invalid`, and the connection is removed.',
        body: TwitchRefreshTokenRequestSchema,
        response: { 200: TwitchTokensResponseSchema, ...problemResponses(400, 401, 404, 429, 503) },
      },
      handler: async (request) => refreshTwitch(ctx, accountOf(request), request.body),
    });

    app.post('/data-connections/get', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['profile'],
        summary: "The services connected to the player's account, per game (never their tokens)",
        body: z.object({}).loose().optional(),
        response: { 200: DataConnectionsResponseSchema, ...problemResponses(401) },
      },
      handler: async (request) => listDataConnections(ctx, accountOf(request)),
    });
  };
}
