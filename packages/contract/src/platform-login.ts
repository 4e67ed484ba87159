import { z } from 'zod';
import { GameSystemNameSchema, LocaleSchema } from './games.js';
import { SocialIdentifierTypeSchema } from './identity.js';
import { PlatformInputSchema } from './platform.js';

/**
 * Sign-in by a host platform's own proof of the player (spec portal §7,
 * `POST /auth/authenticate_from_social`): one login block per platform.
 */

/** VK Mini Apps: the launch URL's query string, sent verbatim (security.md §1a). */
export const VkontakteComLoginSchema = z
  .object({
    QueryString: z
      .string()
      .min(1)
      .max(4096)
      .describe('window.location.search of the VK launch URL, as received (the signed vk_* parameters and sign)'),
  })
  .strict()
  .meta({ id: 'VkontakteComLogin' });

/**
 * Yandex Games: the `signature` of `ysdk.getPlayer({ signed: true })`, `<sign>.<data>` in
 * standard base64 (security.md §5); only an authorized Yandex player signs in with it.
 */
export const YandexGamesLoginSchema = z
  .object({
    Signature: z
      .string()
      .min(3)
      .max(8192)
      .describe('player.signature as Yandex gave it: base64(HMAC-SHA256 over the JSON).base64(JSON)'),
  })
  .strict()
  .meta({ id: 'YandexGamesLogin' });

/** Telegram Mini Apps: `Telegram.WebApp.initData` (the `tgWebAppData` of the launch URL's hash), sent verbatim (security.md §3). */
export const TelegramLoginSchema = z
  .object({
    InitData: z
      .string()
      .min(1)
      .max(8192)
      .describe('The raw initData string as Telegram gave it (never initDataUnsafe re-encoded): its hash is checked'),
  })
  .strict()
  .meta({ id: 'TelegramLogin' });

/**
 * Odnoklassniki: the launch URL's query string, sent verbatim (security.md §2a: its
 * `auth_sig` over logged_user_id and session_key is checked with the app's secret key).
 */
export const OdnoklassnikiLoginSchema = z
  .object({
    QueryString: z
      .string()
      .min(1)
      .max(8192)
      .describe('window.location.search of the OK launch URL, as received (logged_user_id, session_key, auth_sig, …)'),
  })
  .strict()
  .meta({ id: 'OdnoklassnikiLogin' });

/**
 * VK Play: the launch URL's query string, sent verbatim (platform-protocols.md §1c: its `sign`
 * over the sorted parameters is checked with the app's secret).
 */
export const VkontaktePlayLoginSchema = z
  .object({
    QueryString: z
      .string()
      .min(1)
      .max(8192)
      .describe('window.location.search of the VK Play launch URL, as received (appid, uid, sign, …)'),
  })
  .strict()
  .meta({ id: 'VkontaktePlayLogin' });

/**
 * CrazyGames (spec store §7 SDK payload `CrazyGames {Token, IsGuest}`): the user token of
 * `SDK.user.getUserToken()`, an RS256 JWT checked with CrazyGames' public key (security.md §6).
 * A guest has no token and cannot sign in (IsGuest true is refused).
 */
export const CrazyGamesLoginSchema = z
  .object({
    Token: z.string().max(8192).describe('The CrazyGames user token (JWT) as getUserToken() gave it'),
    IsGuest: z.boolean().describe('True when CrazyGames has no signed-in user (then there is no token)'),
  })
  .strict()
  .meta({ id: 'CrazyGamesLogin' });

/**
 * Kongregate ("Kongregate user data", spec portal §7): the player's id and game auth token from
 * the Kongregate JS API, checked by our server against Kongregate's authenticate API.
 */
export const KongregateLoginSchema = z
  .object({
    UserId: z
      .string()
      .regex(/^[1-9]\d{0,18}$/)
      .describe('kongregate.services.getUserId(), as text (0 for a guest, who cannot sign in)'),
    GameAuthToken: z.string().min(1).max(256).describe('kongregate.services.getGameAuthToken()'),
  })
  .strict()
  .meta({ id: 'KongregateLogin' });

/**
 * Facebook Instant Games: `SignedPlayerInfo.getSignature()` of
 * `FBInstant.player.getSignedPlayerInfoAsync()`, a Facebook `signed_request` (security.md §4a)
 * signed with the game's app secret; its payload names the player (`player_id`).
 */
export const FacebookInstantGamesLoginSchema = z
  .object({
    Signature: z
      .string()
      .min(3)
      .max(8192)
      .describe('SignedPlayerInfo.getSignature() as Facebook gave it: base64url(HMAC-SHA256).base64url(JSON)'),
  })
  .strict()
  .meta({ id: 'FacebookInstantGamesLogin' });

/**
 * Facebook Games (canvas): the `signed_request` Facebook gives the game's canvas page and the
 * JS SDK (`FB.getLoginStatus().authResponse.signedRequest`), signed with the app secret
 * (security.md §4a); its payload names the player (`user_id`, app-scoped).
 */
export const FacebookGamesLoginSchema = z
  .object({
    SignedRequest: z
      .string()
      .min(3)
      .max(8192)
      .describe("Facebook's signed_request as given: base64url(HMAC-SHA256).base64url(JSON)"),
  })
  .strict()
  .meta({ id: 'FacebookGamesLogin' });

/**
 * Absolute Games (ag.ru): the game iframe's signed parameters (app_id, player_id, guest,
 * game_sid, invite, debug and their auth_key), verbatim; UserAuth carries the newer ones the
 * host pushed with `agru-optionsUpdates` after the player logged in, which then take precedence.
 */
export const AbsoluteGamesLoginSchema = z
  .object({
    QueryString: z
      .string()
      .min(1)
      .max(4096)
      .describe('window.location.search of the Absolute Games iframe URL, as received (its auth_key is checked)'),
    UserAuth: z
      .string()
      .max(4096)
      .default('')
      .describe(
        "The host's latest signed iframe parameters (agru-optionsUpdates) as a query string; empty when unchanged",
      ),
  })
  .strict()
  .meta({ id: 'AbsoluteGamesLogin' });

/**
 * WizQ (ymobage): the token WizQ frames the game with (`wizq_token`, a JWT its platform signs
 * for this app and viewer); a proposed protocol, see packages/platforms/src/ymobage/README.md.
 */
export const WizQLoginSchema = z
  .object({
    Token: z.string().min(1).max(4096).describe('The wizq_token launch parameter, as received'),
  })
  .strict()
  .meta({ id: 'WizQLogin' });

/**
 * Steam: a Web API auth ticket from `ISteamUser::GetAuthTicketForWebApi(identity)` in hex
 * (platform-protocols.md §4a), checked by our server with `ISteamUserAuth/AuthenticateUserTicket`.
 */
export const SteamLoginSchema = z
  .object({
    Ticket: z
      .string()
      .regex(/^[0-9A-Fa-f]{16,4096}$/)
      .describe('The ticket bytes of GetAuthTicketForWebApi as hex, made for the identity the server names'),
  })
  .strict()
  .meta({ id: 'SteamLogin' });

/**
 * FxLauncher and FxNative: the sign-in token our desktop launcher or native wrapper got from our
 * server with its own session (POST /ftl_integration/{Game}/launcher/sign_in_token, POST
 * /native/sign_in_token/{Game}) and handed to the page through its bridge. It names the fxid
 * account itself, for one game and one wrapper, signs in once and lives two minutes.
 */
export const WrapperLoginSchema = z
  .object({
    Token: z.string().min(16).max(4096).describe('The sign-in token the wrapper handed the page, as received'),
  })
  .strict()
  .meta({ id: 'WrapperLogin' });

export const AuthenticateFromSocialRequestSchema = z
  .object({
    Social: PlatformInputSchema.describe('The host platform, by name or number (e.g. VkontakteCom or 3)'),
    Game: GameSystemNameSchema,
    Locale: LocaleSchema.optional().describe('Language of a new account when the platform names none'),
    SessionId: z.string().max(128).optional().describe("The portal's analytics session, if any"),
    VkontakteComLogin: VkontakteComLoginSchema.optional().describe('Required when Social is VkontakteCom'),
    YandexGamesLogin: YandexGamesLoginSchema.optional().describe('Required when Social is YandexGames'),
    TelegramLogin: TelegramLoginSchema.optional().describe('Required when Social is Telegram'),

    OdnoklassnikiLogin: OdnoklassnikiLoginSchema.optional().describe('Required when Social is Odnoklassniki'),
    VkontaktePlayLogin: VkontaktePlayLoginSchema.optional().describe('Required when Social is VkontaktePlay'),
    CrazyGames: CrazyGamesLoginSchema.optional().describe('Required when Social is CrazyGames'),
    Kongregate: KongregateLoginSchema.optional().describe('Required when Social is Kongregate'),
    FacebookGamesLogin: FacebookGamesLoginSchema.optional().describe('Required when Social is FacebookGames'),
    FacebookInstantGamesLogin: FacebookInstantGamesLoginSchema.optional().describe(
      'Required when Social is FacebookInstantGames',
    ),
    AbsoluteGamesLogin: AbsoluteGamesLoginSchema.optional().describe('Required when Social is AbsoluteGames'),
    WizQLogin: WizQLoginSchema.optional().describe('Required when Social is WizQ'),
    SteamLogin: SteamLoginSchema.optional().describe('Required when Social is Steam'),
    FxLauncherLogin: WrapperLoginSchema.optional().describe('Required when Social is FxLauncher'),
    FxNativeLogin: WrapperLoginSchema.optional().describe('Required when Social is FxNative'),
  })
  .strict()
  .meta({ id: 'AuthenticateFromSocialRequest' });
export type AuthenticateFromSocialRequest = z.infer<typeof AuthenticateFromSocialRequestSchema>;

/** The login blocks a request may carry, by property name. */
export type PlatformLoginBlockName = Exclude<
  keyof AuthenticateFromSocialRequest,
  'Social' | 'Game' | 'Locale' | 'SessionId'
>;

export const AuthenticateFromSocialResponseSchema = z
  .object({
    Token: z.string().describe('Bearer token of the new session, as email sign-in gives'),
    AccountId: z.string(),
    AuthenticatedSocialIdentifierType: SocialIdentifierTypeSchema.optional().describe(
      'Absent when the platform vouched for the fxid account itself (FxLauncher, FxNative)',
    ),
    AuthenticatedSocialIdentifier: z
      .string()
      .optional()
      .describe("The player's id on the platform, e.g. vk_user_id; absent with FxLauncher and FxNative"),
  })
  .meta({ id: 'AuthenticateFromSocialResponse' });

/** What the launcher or the native wrapper gets to hand the page (FxLauncherLogin / FxNativeLogin). */
export const WrapperSignInTokenResponseSchema = z
  .object({
    Token: z.string().describe("Signs the caller's account in to this game once, through the wrapper's page"),
    ExpiresAt: z.number().int().describe('Epoch milliseconds; two minutes from now'),
  })
  .meta({ id: 'WrapperSignInTokenResponse' });
