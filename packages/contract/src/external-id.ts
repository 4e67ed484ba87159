import { z } from 'zod';
import { GameSystemNameSchema, LocaleSchema } from './games.js';
import { PlatformInputSchema } from './platform.js';

/**
 * Identity types a game's server may vouch for (spec §7, `ExternalSocialIdentifier`): stores and
 * services whose players the game itself signs in and fxid cannot verify directly. The types fxid
 * verifies itself (Email, Google, VK, the host platforms, …) can never be vouched for: a game
 * server claiming one could otherwise sign in to anyone's account.
 */
export const EXTERNAL_ID_TYPES = ['Steam', 'Egs', 'MyGamesId', 'Twitch', 'AW', 'Xsolla'] as const;
export const ExternalIdTypeSchema = z.enum(EXTERNAL_ID_TYPES).meta({ id: 'ExternalIdType' });
export type ExternalIdType = z.infer<typeof ExternalIdTypeSchema>;

/** What a sign-in with an external id ended in (spec §3: "login-state enumeration"). */
export const ExternalIdLoginStateSchema = z.enum(['Authenticated']).meta({ id: 'ExternalIdLoginState' });

const TokenTextSchema = z.string().min(1).max(4096);

export const AuthenticateWithExternalIdRequestSchema = z
  .object({
    Locale: LocaleSchema.optional().describe('The locale of a new account'),
    SessionId: z.string().max(128).optional().describe("The game's session id, for logs; not trusted"),
    RefreshToken: TokenTextSchema.optional().describe(
      'A RefreshToken of an earlier answer for this game (single use): exchanged for a new set of tokens',
    ),
    ExternalSocialIdentifier: z
      .object({ Type: ExternalIdTypeSchema, Id: z.string().min(1).max(256) })
      .strict()
      .optional()
      .describe("The player's identity the game's server vouches for"),
    ExternalInfo: z
      .object({
        UserPayload: TokenTextSchema.describe(
          "The game server's proof for ExternalSocialIdentifier, made with the game's secret (single use)",
        ),
      })
      .strict()
      .optional(),
    EmailCredentials: z
      .object({ Email: z.string().max(320), EmailCode: z.string().max(64) })
      .strict()
      .optional()
      .describe('Not supported: refused with platform_not_supported'),
    AdditionalOptions: z.object({ AllowOnlyNewEmail: z.boolean().optional() }).strict().optional(),
  })
  .strict()
  .meta({ id: 'AuthenticateWithExternalIdRequest' });
export type AuthenticateWithExternalIdRequest = z.infer<typeof AuthenticateWithExternalIdRequestSchema>;

export const ExternalIdTokensSchema = z
  .object({
    AccessToken: z.string().describe('Bearer token of a portal session for the player'),
    RefreshToken: z.string().describe('Single use; exchanges for a new set of tokens for 30 days'),
    GameAccessToken: z
      .string()
      .describe(
        'ES256 JWT for the game (aud = game, sub = GameUid) valid for one hour; its server checks it with ' +
          'validate-external-id-auth-game-access-token or against /.well-known/jwks.json',
      ),
  })
  .meta({ id: 'ExternalIdTokens' });

export const ExternalIdAuthResponseSchema = z
  .object({
    State: ExternalIdLoginStateSchema,
    Tokens: ExternalIdTokensSchema,
    AccountId: z.string(),
    GameUid: z.string().describe("The player's id in the game"),
    Email: z.string().nullable().describe("The account's email address, if it has one"),
  })
  .meta({ id: 'ExternalIdAuthResponse' });
export type ExternalIdAuthResponse = z.infer<typeof ExternalIdAuthResponseSchema>;

/** The auth adapters (spec §3) this server can sign in through for a game's external-id login. */
export const EXTERNAL_ID_ADAPTERS = ['Google', 'Facebook', 'Apple'] as const;

export const AuthenticateToFxidAdapterForExternalIdRequestSchema = z
  .object({
    AuthenticationType: z
      .string()
      .min(1)
      .max(64)
      .describe(`The auth adapter; this server signs in through ${EXTERNAL_ID_ADAPTERS.join(', ')} (Firebase)`),
    Game: GameSystemNameSchema,
    Locale: LocaleSchema.optional(),
    SessionId: z.string().max(128).optional(),
    FirebaseLogin: z
      .object({ Token: TokenTextSchema.describe('A Firebase ID token of the company project (single use)') })
      .strict()
      .optional(),
  })
  .strict()
  .meta({ id: 'AuthenticateToFxidAdapterForExternalIdRequest' });
export type AuthenticateToFxidAdapterForExternalIdRequest = z.infer<
  typeof AuthenticateToFxidAdapterForExternalIdRequestSchema
>;

export const ValidateGameAccessTokenRequestSchema = z
  .object({
    Game: GameSystemNameSchema,
    GameJwtAccessTokenJwtString: TokenTextSchema,
  })
  .strict()
  .meta({ id: 'ValidateGameAccessTokenRequest' });

export const ValidateGameAccessTokenResponseSchema = z
  .object({
    Success: z.literal(true),
    Data: z.object({
      Game: z.string(),
      AccountId: z.string(),
      GameUid: z.string(),
      ExpiresAt: z.string().describe('ISO 8601'),
    }),
  })
  .meta({ id: 'ValidateGameAccessTokenResponse' });

export const AuthenticateFromGameRequestSchema = z
  .object({
    Token: TokenTextSchema.describe('A GameAccessToken the game was given for the player (hands over once)'),
    Game: GameSystemNameSchema,
    Platform: PlatformInputSchema.optional(),
    Standalone: z.boolean().optional(),
    DeviceId: z.string().max(128).optional(),
    Locale: LocaleSchema.optional(),
  })
  .strict()
  .meta({ id: 'AuthenticateFromGameRequest' });

export const AuthenticateFromGameResponseSchema = z
  .object({
    IsConnected: z.boolean(),
    ConnectedData: z.object({ Token: z.string().describe('Bearer token of a new portal session') }).optional(),
    NotConnectedData: z
      .object({ GameAccountName: z.string().describe('The game account the token names, no longer connected') })
      .optional(),
  })
  .meta({ id: 'AuthenticateFromGameResponse' });
