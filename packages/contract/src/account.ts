import { z } from 'zod';
import { GameSystemNameSchema, LocaleSchema } from './games.js';
import { AccountFeatureSchema, SocialIdentifierTypeSchema } from './identity.js';
import { plainText } from './text.js';

/** An email address as players type it; trimmed, at most 254 characters (RFC 5321). */
export const EmailSchema = z.string().trim().max(254).pipe(z.email('Invalid email format')).meta({ id: 'Email' });

export const SocialIdentifierSchema = z
  .object({ Type: SocialIdentifierTypeSchema, Id: z.string() })
  .meta({ id: 'SocialIdentifier' });

/** A game account connected to the fxid account (spec §3, ConnectedGames). */
export const ConnectedGameSchema = z
  .object({
    Game: GameSystemNameSchema,
    GameUid: z.string(),
    GameJwt: z.string().optional().describe('Signed player token for the game server'),
    StoreEnabled: z.boolean(),
    TagsLinks: z.array(z.object({ TagName: z.string(), TagData: z.string() })),
    Surveys: z.record(z.string(), z.object({ show: z.boolean() })),
  })
  .meta({ id: 'ConnectedGame' });

/** The signed-in player's account (spec §3, "Account / profile"). */
export const AccountSchema = z
  .object({
    AccountId: z.string(),
    Name: z.string().nullable(),
    Email: z.string().nullable(),
    EmailValidated: z.boolean(),
    MarketingEnabled: z.boolean(),
    GeoCountry: z.string().nullable(),
    Locale: z.string().nullable(),
    Guest: z.boolean(),
    HasEmail: z.boolean(),
    HasCompletedOrder: z.boolean(),
    Features: z.array(AccountFeatureSchema),
    SocialIdentifiers: z.array(SocialIdentifierSchema),
    ConnectedGames: z.array(ConnectedGameSchema),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof AccountSchema>;

/**
 * A random value (32 or more base64url characters) that a browser keeps while it
 * waits for its sign-in link: only that browser signs in with one click.
 */
export const BrowserNonceSchema = z.string().regex(/^[\w-]{32,128}$/, 'Expected 32 to 128 base64url characters');

/** A path on the portal or an absolute URL to go to after signing in. */
const RedirectUriSchema = z.string().max(2048);

export const EmailInviteRequestSchema = z
  .object({
    CaptchaResult: z.string().min(1).max(2048).describe('Turnstile token from the robot check'),
    Email: EmailSchema,
    GameSystemName: GameSystemNameSchema.optional(),
    RedirectUri: RedirectUriSchema.optional().describe('Where the link leads after sign-in; same origin only'),
    Locale: LocaleSchema.optional().describe('Language of the email'),
    BrowserNonce: BrowserNonceSchema.optional().describe(
      'A random value the asking browser keeps; sent again with the token, it signs in without a confirmation',
    ),
  })
  .strict()
  .meta({ id: 'EmailInviteRequest' });

export const EmailInviteResponseSchema = z
  .object({ Success: z.literal(true) })
  .meta({ id: 'EmailInviteResponse', description: 'The same answer whether or not the address has an account' });

/** A single-use token from a link or a redirect: 32 random bytes, base64url. */
const OpaqueTokenSchema = z.string().regex(/^[\w-]{20,128}$/, 'Not a valid token');

export const AuthenticateFromEmailInviteRequestSchema = z
  .object({
    InviteToken: OpaqueTokenSchema,
    BrowserNonce: BrowserNonceSchema.optional().describe('The nonce this browser sent when it asked for the link'),
    Confirmed: z
      .boolean()
      .optional()
      .describe('The player confirmed signing in as the email of the link, in a browser that did not ask for it'),
  })
  .strict()
  .meta({ id: 'AuthenticateFromEmailInviteRequest' });

export const EmailInviteDetailsRequestSchema = z
  .object({ InviteToken: OpaqueTokenSchema })
  .strict()
  .meta({ id: 'EmailInviteDetailsRequest' });

export const EmailInviteDetailsResponseSchema = z
  .object({
    Email: z.string().describe('The address the link was sent to: the account it signs in'),
    RequestedAt: z.number().int().describe('When the link was asked for (epoch ms)'),
    RequestedOn: z
      .string()
      .nullable()
      .describe('The asking device as its browser told it, e.g. "Firefox on Windows"; null when unknown'),
  })
  .meta({ id: 'EmailInviteDetailsResponse' });

export const AuthenticateFromEmailInviteResponseSchema = z
  .object({
    Success: z.literal(true),
    Token: z.string().describe('Bearer token of the new session'),
    RedirectUri: z.string().optional(),
  })
  .meta({ id: 'AuthenticateFromEmailInviteResponse' });

export const CreateTempTokenRequestSchema = z
  .object({
    RedirectUri: RedirectUriSchema,
    OrderPublicId: plainText().max(64).optional(),
    MerchantRedirectType: plainText().max(32).optional(),
  })
  .strict()
  .meta({ id: 'CreateTempTokenRequest' });

export const CreateTempTokenResponseSchema = z
  .object({ TempToken: z.string() })
  .meta({ id: 'CreateTempTokenResponse' });

export const AuthenticateFromTempTokenRequestSchema = z
  .object({ TempToken: OpaqueTokenSchema })
  .strict()
  .meta({ id: 'AuthenticateFromTempTokenRequest' });

export const AuthenticateFromTempTokenResponseSchema = z
  .object({
    Token: z.string(),
    TempTokenData: z.object({
      redirect_uri: z.string(),
      order_public_id: z.string().nullable(),
      merchant_redirect_type: z.string().nullable(),
    }),
  })
  .meta({ id: 'AuthenticateFromTempTokenResponse' });

export const ProfileRequestSchema = z
  .object({ Game: GameSystemNameSchema.optional() })
  .strict()
  .meta({ id: 'ProfileRequest' });

export const RemoveSignInMethodRequestSchema = z
  .object({ Type: SocialIdentifierTypeSchema, Id: z.string().min(1).max(256) })
  .strict()
  .meta({ id: 'RemoveSignInMethodRequest' });

export const MarketingRequestSchema = z
  .object({ MarketingEnabled: z.boolean() })
  .strict()
  .meta({ id: 'MarketingRequest' });

export const ProfileUpdateRequestSchema = z
  .object({ Language: LocaleSchema, DUMMY: z.unknown().optional() })
  .strict()
  .meta({ id: 'ProfileUpdateRequest' });

export const AccountExistsResponseSchema = z.object({ Exists: z.boolean() }).meta({ id: 'AccountExistsResponse' });

/**
 * The text a game server signs to ask whether an account holds an identity
 * (`X-Fxid-Proof` of check_account_exists_by_social_identifier).
 */
export function accountLookupProofText(game: string, type: string, identifier: string, issuedAtSeconds: number) {
  return `fxid-account-lookup:v1\n${game}\n${type}\n${identifier}\n${issuedAtSeconds}`;
}

/** What a game server learns about a player from their bearer token (OIDC-style userinfo). */
export const UserInfoResponseSchema = z
  .object({ sub: z.string(), id: z.string(), email: z.string().nullable() })
  .meta({ id: 'UserInfoResponse' });
