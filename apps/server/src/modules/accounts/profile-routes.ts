import {
  AccountExistsResponseSchema,
  AccountSchema,
  ConnectedGameSchema,
  GameSystemNameSchema,
  MarketingRequestSchema,
  ProfileRequestSchema,
  ProfileUpdateRequestSchema,
  SocialIdentifierTypeSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { presentedJson, problemResponses } from '../../http/responses.js';
import { requireAccount } from '../auth/authenticate.js';
import * as profile from './profile-service.js';

const bearer = [{ bearer: [] }];

/** The signed-in player's profile, and the anonymous account-exists check. */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/profile', {
      ...presentedJson,
      schema: {
        tags: ['profile'],
        summary: "The signed-in player's account; naming a game connects it",
        security: bearer,
        body: ProfileRequestSchema,
        response: { 200: AccountSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) =>
        profile.getProfile(ctx, await requireAccount(request, ctx.sessions), request.body.Game),
    });

    app.post('/profile/marketing', {
      schema: {
        tags: ['profile'],
        summary: 'Switches marketing email on or off',
        security: bearer,
        body: MarketingRequestSchema,
        response: { 200: AccountSchema, ...problemResponses(400, 401) },
      },
      handler: async (request) =>
        profile.setMarketing(ctx, await requireAccount(request, ctx.sessions), request.body.MarketingEnabled),
    });

    app.post('/profile/update', {
      schema: {
        tags: ['profile'],
        summary: "Saves the player's language",
        security: bearer,
        body: ProfileUpdateRequestSchema,
        response: { 200: AccountSchema, ...problemResponses(400, 401) },
      },
      handler: async (request) =>
        profile.setLanguage(ctx, await requireAccount(request, ctx.sessions), request.body.Language),
    });

    app.post('/profile/fetch_fxid_game_connection', {
      schema: {
        tags: ['profile'],
        summary: "The account's connection to a game, made on first use",
        security: bearer,
        body: z.object({ Game: GameSystemNameSchema }).strict(),
        response: { 200: ConnectedGameSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) =>
        profile.gameConnection(ctx, await requireAccount(request, ctx.sessions), request.body.Game),
    });

    app.get('/info/check_account_exists_by_social_identifier/:Game/:SocialIdentifierType/:SocialIdentifier', {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['profile'],
        summary: 'Whether an account holds this social identity',
        params: z.object({
          Game: GameSystemNameSchema,
          SocialIdentifierType: SocialIdentifierTypeSchema,
          SocialIdentifier: z.string().min(1).max(256),
        }),
        response: { 200: AccountExistsResponseSchema, ...problemResponses(400, 404, 429) },
      },
      handler: async (request) =>
        profile.accountExists(
          ctx,
          request.params.Game,
          request.params.SocialIdentifierType,
          request.params.SocialIdentifier,
        ),
    });
  };
}
