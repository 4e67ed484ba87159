import {
  AuthenticateFromGameRequestSchema,
  AuthenticateFromGameResponseSchema,
  AuthenticateToFxidAdapterForExternalIdRequestSchema,
  AuthenticateWithExternalIdRequestSchema,
  ExternalIdAuthResponseSchema,
  GameSystemNameSchema,
  ValidateGameAccessTokenRequestSchema,
  ValidateGameAccessTokenResponseSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { geoCountry } from '../../../http/geo-country.js';
import { problemResponses } from '../../../http/responses.js';
import { authenticateToFxidAdapterForExternalId, authenticateWithExternalId } from './external-id-sign-in.js';
import { verifyGameAccessToken } from './game-access-token.js';
import { authenticateFromGame } from './game-hand-over.js';

const PROOF_DESCRIPTION = `The game's server vouches for its player's external identity with a proof made with
the game's secret (\`GAME_SECRETS\`), sent as \`ExternalInfo.UserPayload\`:

    iat   = current Unix time in seconds
    text  = "fxid-external-id:v1\\n" + Game + "\\n" + Type + "\\n" + Id + "\\n" + iat
    proof = "v1." + iat + "." + base64url(HMAC-SHA256(game secret, text))   (no padding)

A proof is good for 15 minutes (60 s of clock skew) and signs in once. The first game to vouch
for an identity is the only one that may vouch for it again (another game: 403 \`forbidden\`), and
an identity that came to an account any other way cannot be vouched for at all. Or send only a
\`RefreshToken\` of an earlier answer for the same game (single use): a new set of tokens.
\`EmailCredentials\` are not supported (400 \`platform_not_supported\`).`;

/** External-id sign-in for games, the checks game servers make, and the game-to-portal hand-over. */
export function externalIdRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const rateLimit = { max: 30, timeWindow: '15 minutes' };

    app.post('/auth/authenticate_with_external_id/:Game', {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: "Signs in a game's player by an external id its server vouches for, or by a refresh token",
        description: PROOF_DESCRIPTION,
        params: z.object({ Game: GameSystemNameSchema }),
        body: AuthenticateWithExternalIdRequestSchema,
        response: { 200: ExternalIdAuthResponseSchema, ...problemResponses(400, 401, 403, 404, 429, 503) },
      },
      handler: async (request) =>
        authenticateWithExternalId(ctx, request.params.Game, request.body, {
          geoCountry: geoCountry(ctx.config, request.headers),
        }),
    });

    app.post('/auth/authenticate_to_fxid_adapter_for_external_id', {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: "Signs in a game's player through an fxid auth adapter (Google, Facebook, Apple via Firebase)",
        description:
          'Answers as authenticate_with_external_id. The Firebase ID token is checked as ' +
          'authenticate_from_firebase checks it, must be of the named AuthenticationType, and is spent. Any other ' +
          "AuthenticationType: 400 `platform_not_supported` ('Login provider {x} is not supported.').",
        body: AuthenticateToFxidAdapterForExternalIdRequestSchema,
        response: { 200: ExternalIdAuthResponseSchema, ...problemResponses(400, 404, 429, 503) },
      },
      handler: async (request) =>
        authenticateToFxidAdapterForExternalId(ctx, request.body, {
          geoCountry: geoCountry(ctx.config, request.headers),
        }),
    });

    app.post('/auth/validate-external-id-auth-game-access-token', {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "A game server checks a player's GameAccessToken",
        description:
          'Valid only for the game it was issued for (another game: 400 `invalid_token`), before it expires ' +
          '(400 `expired_token`), and only a GameAccessToken: a GameJwt of the player page is refused. Spends nothing.',
        body: ValidateGameAccessTokenRequestSchema,
        response: { 200: ValidateGameAccessTokenResponseSchema, ...problemResponses(400, 429) },
      },
      handler: async (request) => {
        const { Game, GameJwtAccessTokenJwtString } = request.body;
        const access = await verifyGameAccessToken(ctx, GameJwtAccessTokenJwtString, Game);
        return {
          Success: true as const,
          Data: {
            Game,
            AccountId: access.accountId,
            GameUid: access.gameUid,
            ExpiresAt: new Date(access.expiresAt).toISOString(),
          },
        };
      },
    });

    app.post('/auth/authenticate_from_game', {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'A game hands its player to the portal with a GameAccessToken (once per token)',
        description:
          'IsConnected with a portal session when the game account the token names is still on the ' +
          "player's account; otherwise IsConnected false with the game account's name. A token of another " +
          'game, a spent, expired or forged one: 400 `invalid_token` / `expired_token`.',
        body: AuthenticateFromGameRequestSchema,
        response: { 200: AuthenticateFromGameResponseSchema, ...problemResponses(400, 404, 429) },
      },
      handler: async (request) => authenticateFromGame(ctx, request.body),
    });
  };
}
