import { z } from 'zod';
import { FirebaseOptionsSchema } from './firebase-options.js';
import { GameOrientationSchema, OpenMethodSchema, PlayGameTypeSchema, RuntimeSchema, ThemeTypeSchema } from './game.js';
import {
  LeaderboardNameSchema,
  LeaderboardScoreFormatSchema,
  LeaderboardSortOrderSchema,
} from './leaderboard-enums.js';
import { AdapterNameSchema, PlatformCapabilitySchema, PlatformInputSchema, PlatformSchema } from './platform.js';
import { VkIdOptionsSchema } from './vkid-options.js';

/** A BCP 47-ish locale tag as the portal uses them: en, pt-br, zh. */
export const LocaleSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, 'Expected a locale such as en or pt-br')
  .meta({ id: 'Locale' });

/** A game's system name: lower-case letters, digits and dashes. */
export const GameSystemNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Expected lower-case letters, digits and dashes')
  .meta({ id: 'GameSystemName' });

const SizeSchema = z.object({ Width: z.number().int().positive(), Height: z.number().int().positive() });

/** Limits the player keeps the game area within (spec §3, "Presentation"). */
export const PresentationSchema = z
  .object({
    MinRatio: z.number().positive().optional().describe('Smallest width / height ratio'),
    MaxRatio: z.number().positive().optional().describe('Largest width / height ratio'),
    MinSize: SizeSchema.optional(),
    MaxSize: SizeSchema.optional(),
  })
  .meta({ id: 'Presentation' });

/** Per-platform ids and links of a game (spec §3, PlatformData). */
export const PlatformDataSchema = z
  .object({
    FacebookGamesAppId: z.string().optional(),
    FacebookInstantGamesAppId: z.string().optional(),
    FxIdGameId: z.string().optional(),
    VkontaktePlayAppId: z.string().optional(),
    VkontakteComAppId: z.string().optional(),
    TelegramBotId: z
      .string()
      .optional()
      .describe("The numeric id of the game's Telegram bot (the part of its token before ':')"),
    OdnoklassnikiAppId: z.string().optional(),
    AbsoluteGamesAppId: z.string().optional(),
    WizQAppId: z.string().optional(),
    AndroidPackage: z.string().optional(),
    AndroidAppLink: z.string().optional(),
    IosStoreUrl: z.string().optional(),
    IosStoreId: z.string().optional(),
    IosBundleId: z.string().optional(),
    WindowsUrl: z.string().optional(),
    WebPlayUrl: z.string().optional(),
    WebRuntimes: z.array(RuntimeSchema).optional(),
    SteamAppId: z.string().optional(),
  })
  .meta({ id: 'PlatformData' });

export const StoreFlagsSchema = z
  .object({
    XsollaEnabled: z.boolean(),
    YookassaEnabled: z.boolean(),
    StripeEnabled: z.boolean(),
    Bank131Enabled: z.boolean().describe("Bank131's card form and SBP (or Smart Glocal's, same API)"),
    AghanimEnabled: z.boolean().describe('Aghanim takes the web checkouts of the game (when the server lists it)'),
    MoneyMailRuEnabled: z
      .boolean()
      .describe("Money.Mail.Ru's payment window takes the web checkouts of the game (when the server lists it)"),
  })
  .meta({ id: 'StoreFlags' });
export type StoreFlags = z.infer<typeof StoreFlagsSchema>;

/** Everything public about a game that the portal and the game need (spec §3, "Public game data"). */
export const PublicGameDataSchema = z
  .object({
    GameSystemName: GameSystemNameSchema,
    PlayGameType: PlayGameTypeSchema,
    PlatformData: PlatformDataSchema,
    StatisticsAppId: z.string().optional(),
    GameOrientation: GameOrientationSchema,
    MobileGameOrientation: GameOrientationSchema,
    Presentation: PresentationSchema.optional(),
    MobilePresentation: PresentationSchema.optional(),
    ViewportPresentation: PresentationSchema.optional(),
    SupportedLanguages: z.array(LocaleSchema),
    DefaultLanguage: LocaleSchema,
    SupportWidgetKey: z.string().optional(),
    Store: StoreFlagsSchema,
    FxLauncherOptions: z.record(z.string(), z.string()).optional(),
    Turnstile: z.object({ SiteKey: z.string() }).optional(),
    CompanyName: z.string(),
    TosUrl: z.string().optional(),
    TosOpenMethod: OpenMethodSchema,
    PpUrl: z.string().optional(),
    PpOpenMethod: OpenMethodSchema,
    NamespacedProductsL10N: z.boolean(),
    Auth: z.object({ VkontakteComVkId: z.object({ ClientId: z.string() }).optional() }),
  })
  .meta({ id: 'PublicGameData' });
export type PublicGameData = z.infer<typeof PublicGameDataSchema>;

/** A game as a catalog card shows it, in the requested locale. */
export const GameSummarySchema = z
  .object({
    GameSystemName: GameSystemNameSchema,
    Name: z.string(),
    ShortDescription: z.string(),
    IconUrl: z.string(),
    ImageUrl: z.string().optional(),
    PlayGameType: PlayGameTypeSchema,
    Tags: z.array(z.string()),
  })
  .meta({ id: 'GameSummary' });
export type GameSummary = z.infer<typeof GameSummarySchema>;

export const GamesListRequestSchema = z
  .object({
    Locale: LocaleSchema.optional().describe('Language of names and descriptions; the game default otherwise'),
    WebPublishingPlatform: PlatformInputSchema.optional().describe('Only games published on this platform'),
  })
  .strict()
  .meta({ id: 'GamesListRequest' });

export const GamesListResponseSchema = z
  .object({ AvailableGames: z.array(GameSummarySchema) })
  .meta({ id: 'GamesListResponse' });

export const GameWithConfigSchema = GameSummarySchema.extend({ Config: PublicGameDataSchema }).meta({
  id: 'GameWithConfig',
});

export const GamesListWithConfigsResponseSchema = z
  .object({ AvailableGames: z.array(GameWithConfigSchema) })
  .meta({ id: 'GamesListWithConfigsResponse' });

/** Company branding of the deployment (spec §3, "Company branding"). */
export const CompanyBrandingSchema = z
  .object({
    CompanyName: z.string(),
    BrandName: z.string(),
    Logos: z.object({ CompanyLogo: z.string(), BrandLogo: z.string(), WebPlayerLogo: z.string() }),
    HeaderElementType: z.enum(['Logo', 'BrandName', 'None']),
    ThemeType: ThemeTypeSchema,
    ExternalTosUrl: z.string().optional(),
    ExternalPpUrl: z.string().optional(),
    Auth: z.object({
      AllowedAuthProviders: z.array(z.string()),
      VkId: VkIdOptionsSchema.optional().describe("The company's VK ID app; absent: VK ID is not offered"),
    }),
    FirebaseOptions: FirebaseOptionsSchema.optional().describe(
      'The Firebase web app that Google, Apple and Facebook sign-in go through; absent: those are not offered',
    ),
    Adapters: z.partialRecord(
      AdapterNameSchema,
      z.object({ IframeType: z.string().optional(), DisableHeaderUi: z.boolean() }),
    ),
    LegalContacts: z.record(z.string(), z.string()).describe('Legal contact text per language'),
  })
  .meta({ id: 'CompanyBranding' });
export type CompanyBranding = z.infer<typeof CompanyBrandingSchema>;

/**
 * Advertisement settings (spec portal §3, PublicWebClientConfig): Yandex's ad block ids by
 * device; a missing one makes that device's ads Failed (spec store §4–§5). Facebook Instant
 * Games' placement ids (Audience Network) by ad kind: without one, that kind is Failed.
 */
export const AdvertisementSchema = z
  .object({
    Yandex: z
      .object({
        DesktopBlockId: z.string().min(1).max(64).optional(),
        MobileBlockId: z.string().min(1).max(64).optional(),
      })
      .optional(),
    FacebookInstant: z
      .object({
        InterstitialPlacementId: z.string().min(1).max(64).optional(),
        RewardedPlacementId: z.string().min(1).max(64).optional(),
        BannerPlacementId: z.string().min(1).max(64).optional(),
      })
      .optional(),
  })
  .meta({ id: 'Advertisement' });

/** Where a game's cloud saves live on one platform: the host's own storage, or fxid's server. */
export const CloudSaveStoreSchema = z
  .enum(['Host', 'Fxid'])
  .describe(
    "Host: the platform's own storage (VK storage, Yandex player data, Telegram CloudStorage, CrazyGames' data module, Instant Games player data); Fxid: fxid's server",
  )
  .meta({ id: 'CloudSaveStore' });
export type CloudSaveStore = z.infer<typeof CloudSaveStoreSchema>;

/**
 * Per platform whose adapter can keep saves in the host's own storage, which store the game uses
 * (catalog/README.md, "Cloud saves"); a platform not named uses fxid's server.
 */
export const CloudSavesSchema = z
  .strictObject({
    vkcom: CloudSaveStoreSchema.optional(),
    yandex: CloudSaveStoreSchema.optional(),
    telegram: CloudSaveStoreSchema.optional(),
    crazygames: CloudSaveStoreSchema.optional(),
    fbinstantgames: CloudSaveStoreSchema.optional(),
  })
  .meta({ id: 'CloudSaves' });
export type CloudSaves = z.infer<typeof CloudSavesSchema>;

/**
 * A board this game keeps in this platform's own leaderboards (its catalog `HostPlatforms` name the
 * platform): what the player page needs to check and show scores the host keeps.
 */
export const HostLeaderboardSchema = z
  .object({
    Name: LeaderboardNameSchema.describe("The board's name, on the host too"),
    Titles: z.record(LocaleSchema, z.string()).describe('The title per locale'),
    SortOrder: LeaderboardSortOrderSchema,
    ScoreFormat: LeaderboardScoreFormatSchema,
    Decimals: z.number().int(),
    MinScore: z.number().int(),
    MaxScore: z.number().int(),
  })
  .meta({ id: 'HostLeaderboard' });
export type HostLeaderboard = z.infer<typeof HostLeaderboardSchema>;

/** Web client settings of a game on one platform (spec §3, PublicWebClientConfig). */
export const PublicWebClientConfigSchema = z
  .object({
    Platform: PlatformSchema,
    Capabilities: z.array(PlatformCapabilitySchema),
    IconUrl: z.string(),
    Images: z.record(z.string(), z.string()),
    LoaderScreen: z.object({ BackgroundColor: z.string(), ImageUrl: z.string().optional() }),
    Auth: z.object({ AllowedAuthProviders: z.array(z.string()) }),
    LegalContacts: z.record(z.string(), z.string()),
    PersonalInformationForm: z.object({ Compact: z.boolean() }),
    WebPush: z.object({ VapidPublicKey: z.string().optional() }),
    Links: z.object({ DiscordQrCodeImageUrl: z.string().optional() }),
    ExternalPlayUrl: z.string().optional(),
    AvailabilityOverrides: z.object({ Web: z.boolean().optional() }),
    Advertisement: AdvertisementSchema.optional().describe("The game's ad settings on its platforms"),
    CloudSaves: CloudSaveStoreSchema.describe(
      'Where this game keeps saves on this platform (the catalog’s CloudSaves)',
    ),
    HostLeaderboards: z
      .array(HostLeaderboardSchema)
      .describe("The game's boards kept in this platform's own leaderboards; fxid's server keeps the others"),
  })
  .meta({ id: 'PublicWebClientConfig' });

export const PublicGameConfigResponseSchema = z
  .object({
    PublicGameData: PublicGameDataSchema,
    PublicWebClientConfig: PublicWebClientConfigSchema,
    CompanyBranding: CompanyBrandingSchema,
  })
  .meta({ id: 'PublicGameConfigResponse' });
export type PublicGameConfigResponse = z.infer<typeof PublicGameConfigResponseSchema>;
