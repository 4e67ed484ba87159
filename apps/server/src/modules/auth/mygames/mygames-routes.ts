import {
  MyGamesInfoRequestSchema,
  MyGamesInfoResponseSchema,
  MyGamesStartRequestSchema,
  MyGamesStartResponseSchema,
  MyGamesTransferRequestSchema,
  MyGamesTransferResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { geoCountry } from '../../../http/geo-country.js';
import { problemResponses } from '../../../http/responses.js';
import { myGamesInfo, myGamesTransfer, startMyGames } from './mygames-transfer.js';

/** MY.GAMES ID: start, info (the OAuth code exchanged for the MY.GAMES user) and transfer to an fxid account. */
export function myGamesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limit = { rateLimit: { max: 30, timeWindow: '15 minutes' } };
  return async (app) => {
    app.post('/auth/oauth/mygames/start', {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Starts a MY.GAMES ID sign-in: a one-time state bound to this browser and game',
        description: 'A game without a MY.GAMES client on this server: 503 `platform_not_configured`.',
        body: MyGamesStartRequestSchema,
        response: { 200: MyGamesStartResponseSchema, ...problemResponses(400, 404, 429, 503) },
      },
      handler: async (request) => startMyGames(ctx, request.body),
    });

    app.post('/auth/oauth/mygames/info', {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Reads the MY.GAMES user of the address MY.GAMES sent the browser back to',
        description:
          'The state of `Url` is spent by the browser that started it (400 `invalid_token` otherwise, ' +
          '`expired_token` after 10 minutes); MY.GAMES exchanges the code (refused: 401 `platform_sign_invalid`). ' +
          'The answer carries a single-use MyGamesToken for `transfer` and, when an account already holds this ' +
          'MY.GAMES user, a session of it (`TransferState: Transferred`).',
        body: MyGamesInfoRequestSchema,
        response: { 200: MyGamesInfoResponseSchema, ...problemResponses(400, 401, 404, 429, 503) },
      },
      handler: async (request) => myGamesInfo(ctx, request.body),
    });

    app.post('/auth/oauth/mygames/transfer', {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Moves the MY.GAMES user of a MyGamesToken to the fxid account of the session Token, or a new one',
        description:
          'From then on the MY.GAMES user signs in to that account. Without a Token the MY.GAMES user gets an ' +
          'account of its own and the answer carries its session `Token`. The MyGamesToken is spent once, for its game; ' +
          'the account it went to is recorded. Another account holds the MY.GAMES user: 409 `identity_taken`, ' +
          'nothing spent. A Token that is no live session: 401 `unauthorized`.',
        body: MyGamesTransferRequestSchema,
        response: { 200: MyGamesTransferResponseSchema, ...problemResponses(400, 401, 409, 429) },
      },
      handler: async (request) =>
        myGamesTransfer(ctx, request.body, { geoCountry: geoCountry(ctx.config, request.headers) }),
    });
  };
}
