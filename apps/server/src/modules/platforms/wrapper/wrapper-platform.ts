import { GameSystemNameSchema, WrapperLoginSchema, WrapperSignInTokenResponseSchema } from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { PlatformAuthError } from '../../../errors.js';
import { accountOf } from '../../../http/authenticate.js';
import { problemResponses } from '../../../http/responses.js';
import { getAccount } from '../../accounts/profile-service.js';
import { requireGameOnPlatform } from '../../store/store-front-service.js';
import type { ServerPlatform } from '../server-platform.js';
import { issueWrapperToken, spendWrapperToken, type WrapperPlatform } from './wrapper-token.js';

/**
 * Our own wrappers around the portal page (the desktop launcher, the native app): the wrapper holds
 * an fxid session of its own; it asks `tokenPath` (bearer) for a short-lived sign-in token of this
 * game and hands it to the page through its bridge; the page signs that very account in with it
 * (`{Wrapper}Login {Token}`): no external identity, the fxid account itself.
 */
export function wrapperPlatform(
  input: Pick<ServerPlatform, 'adapter' | 'loginBlock' | 'payments'> & {
    platform: WrapperPlatform;
    /** The bearer route that issues the token, under /api/v1 (`:Game` in it). */
    tokenPath: string;
    tag: string;
  },
): ServerPlatform {
  const { platform, tokenPath } = input;
  return {
    adapter: input.adapter,
    platform,
    loginBlock: input.loginBlock,
    ...(input.payments ? { payments: input.payments } : {}),
    async verifyLogin(ctx, game, block) {
      const { Token } = WrapperLoginSchema.parse(block);
      const accountId = await spendWrapperToken(ctx, { token: Token, game: game.definition.GameSystemName, platform });
      // The account may have been deleted in the two minutes since.
      await getAccount(ctx, accountId).catch(() => {
        throw new PlatformAuthError('platform_sign_invalid', platform, 'no such account');
      });
      return { accountId };
    },
    callbackRoutes: (ctx: AppContext): FastifyPluginAsyncZod => {
      return async (app) => {
        app.post(tokenPath, {
          config: { auth: 'bearer', rateLimit: { max: 30, timeWindow: '1 minute' } },
          schema: {
            tags: [input.tag],
            summary: `A sign-in token for the page the ${platform} wrapper opens (its bridge hands it over)`,
            description:
              `The caller's account, for this game, once, for two minutes: the page sends it as ${input.loginBlock} ` +
              `{Token} with Social ${platform} to POST /auth/authenticate_from_social and is signed in as this account. ` +
              `404 game_not_found; 400 game_not_on_platform for a game not published on ${input.adapter}.`,
            params: z.object({ Game: GameSystemNameSchema }),
            response: { 200: WrapperSignInTokenResponseSchema, ...problemResponses(400, 401, 404, 429) },
          },
          handler: async (request) => {
            const game = await requireGameOnPlatform(ctx, request.params.Game, platform);
            const accountId = accountOf(request);
            return issueWrapperToken(ctx, { accountId, game: game.definition.GameSystemName, platform });
          },
        });
      };
    },
  };
}
