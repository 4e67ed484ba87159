import { AccountSchema, AuthenticateFromSocialRequestSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { accountOf } from '../../http/authenticate.js';
import { problemResponses } from '../../http/responses.js';
import { getAccount } from '../accounts/profile-service.js';
import { linkFromSocial } from './platform-sign-in.js';

/** A signed-in player adds a platform identity (one met in a game on a host platform) to the account. */
export function platformLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/auth/link_social', {
      config: { auth: 'bearer', rateLimit: { max: 30, timeWindow: '15 minutes' } },
      schema: {
        tags: ['auth'],
        summary: "Adds a host platform's identity (VK, OK, Telegram, …) to the player's account",
        description:
          "The body is authenticate_from_social's: the login block of the platform named by Social is verified the " +
          'same way. From then on that identity signs in to this account. One already on it changes nothing; one on ' +
          'another account is refused with 409 `identity_taken` and stays there.',
        body: AuthenticateFromSocialRequestSchema,
        response: { 200: AccountSchema, ...problemResponses(400, 401, 404, 409, 429, 503) },
      },
      handler: async (request) => {
        await linkFromSocial(ctx, accountOf(request), request.body);
        return getAccount(ctx, accountOf(request));
      },
    });
  };
}
