import {
  AccountExistsResponseSchema,
  AccountSchema,
  ConnectedGameSchema,
  GameSystemNameSchema,
  MarketingRequestSchema,
  ProfileRequestSchema,
  ProfileUpdateRequestSchema,
  RemoveSignInMethodRequestSchema,
  SocialIdentifierTypeSchema,
} from '@fxid/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { accountOf, optionalAccountOf } from '../../http/authenticate.js';
import { presentedJson, problemResponses } from '../../http/responses.js';
import { unlinkIdentity } from './identity-service.js';
import * as profile from './profile-service.js';

const LOOKUP_DESCRIPTION = `Answers only the game's server or the signed-in holder of the identity, so that
nobody else can learn which addresses have accounts.

**Game server:** send \`X-Fxid-Proof\`, made with the game's secret (\`GAME_SECRETS\`):

    iat   = current Unix time in seconds
    text  = "fxid-account-lookup:v1\\n" + Game + "\\n" + SocialIdentifierType + "\\n" + SocialIdentifier + "\\n" + iat
    proof = "v1." + iat + "." + base64url(HMAC-SHA256(game secret, text))   (no padding)

A proof is accepted for 15 minutes after \`iat\` (60 s of clock skew); a bad, stale or other-game
proof gets 403 \`forbidden\`.

**Player:** with a bearer token, the answer is \`Exists: true\` for the player's own identities and
403 \`forbidden\` for any other. Without either, 401 \`unauthorized\`.`;

/** The signed-in player's profile, and the account-exists check for game servers. */
export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/profile', {
      ...presentedJson,
      config: { auth: 'bearer' },
      schema: {
        tags: ['profile'],
        summary: "The signed-in player's account; naming a game connects it",
        body: ProfileRequestSchema,
        response: { 200: AccountSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) => profile.getProfile(ctx, accountOf(request), request.body.Game),
    });

    app.post('/profile/marketing', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['profile'],
        summary: 'Switches marketing email on or off',
        body: MarketingRequestSchema,
        response: { 200: AccountSchema, ...problemResponses(400, 401) },
      },
      handler: async (request) => profile.setMarketing(ctx, accountOf(request), request.body.MarketingEnabled),
    });

    app.post('/profile/remove_sign_in_method', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['profile'],
        summary: 'Removes a way to sign in (Google, Apple, a platform identity, …) from the account',
        description:
          'The last way to sign in is refused with 409 `last_sign_in_method`. Email is not removed here (it is the ' +
          "account's address); an identity the account does not hold answers 404.",
        body: RemoveSignInMethodRequestSchema,
        response: { 200: AccountSchema, ...problemResponses(400, 401, 404, 409) },
      },
      handler: async (request) => {
        await unlinkIdentity(ctx, accountOf(request), { type: request.body.Type, id: request.body.Id });
        return profile.getAccount(ctx, accountOf(request));
      },
    });

    app.post('/profile/update', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['profile'],
        summary: "Saves the player's language",
        body: ProfileUpdateRequestSchema,
        response: { 200: AccountSchema, ...problemResponses(400, 401) },
      },
      handler: async (request) => profile.setLanguage(ctx, accountOf(request), request.body.Language),
    });

    app.post('/profile/fetch_fxid_game_connection', {
      config: { auth: 'bearer' },
      schema: {
        tags: ['profile'],
        summary: "The account's connection to a game, made on first use",
        body: z.object({ Game: GameSystemNameSchema }).strict(),
        response: { 200: ConnectedGameSchema, ...problemResponses(400, 401, 404) },
      },
      handler: async (request) => profile.gameConnection(ctx, accountOf(request), request.body.Game),
    });

    app.get('/info/check_account_exists_by_social_identifier/:Game/:SocialIdentifierType/:SocialIdentifier', {
      config: { auth: 'optional', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['profile'],
        summary: 'Whether an account holds this social identity (for the game server or the holder)',
        description: LOOKUP_DESCRIPTION,
        params: z.object({
          Game: GameSystemNameSchema,
          SocialIdentifierType: SocialIdentifierTypeSchema,
          SocialIdentifier: z.string().min(1).max(256),
        }),
        // Loose: the validated headers replace the request's, which must keep the rest.
        headers: z.looseObject({
          'x-fxid-proof': z
            .string()
            .regex(/^v1\.\d{1,12}\.[\w-]{43}$/, 'Expected v1.<issued-at seconds>.<base64url HMAC-SHA256>')
            .optional()
            .describe("The game server's proof (see the description)"),
        }),
        response: { 200: AccountExistsResponseSchema, ...problemResponses(400, 401, 403, 404, 429, 503) },
      },
      handler: async (request) => {
        return profile.accountExists(
          ctx,
          {
            accountId: optionalAccountOf(request),
            proof: request.headers['x-fxid-proof'],
          },
          {
            game: request.params.Game,
            type: request.params.SocialIdentifierType,
            identifier: request.params.SocialIdentifier,
          },
        );
      },
    });
  };
}
