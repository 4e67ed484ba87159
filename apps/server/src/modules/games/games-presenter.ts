import {
  ADAPTER_PLATFORM,
  type AdapterName,
  type CloudSaveStore,
  type CompanyBranding,
  type GameSummary,
  type PlatformName,
  type PublicGameData,
  type PublicWebClientConfigSchema,
} from '@fxid/contract';
import type { z } from 'zod';
import type { GameDefinition } from '../catalog/catalog-schema.js';

/** Text in the wanted locale, else the game's default language, else any. */
export function localize(texts: Record<string, string>, locale: string | undefined, fallback: string): string {
  return (locale && texts[locale]) || texts[fallback] || Object.values(texts)[0] || '';
}

export function toGameSummary(game: GameDefinition, locale: string | undefined): GameSummary {
  return {
    GameSystemName: game.GameSystemName,
    Name: localize(game.Names, locale, game.DefaultLanguage),
    ShortDescription: localize(game.ShortDescriptions, locale, game.DefaultLanguage),
    IconUrl: game.IconUrl,
    ...(game.ImageUrl ? { ImageUrl: game.ImageUrl } : {}),
    PlayGameType: game.PlayGameType,
    Tags: game.Tags,
  };
}

export function toPublicGameData(game: GameDefinition, branding: CompanyBranding): PublicGameData {
  return {
    GameSystemName: game.GameSystemName,
    PlayGameType: game.PlayGameType,
    PlatformData: game.PlatformData,
    ...(game.StatisticsAppId ? { StatisticsAppId: game.StatisticsAppId } : {}),
    GameOrientation: game.GameOrientation,
    MobileGameOrientation: game.MobileGameOrientation,
    ...(game.Presentation ? { Presentation: game.Presentation } : {}),
    ...(game.MobilePresentation ? { MobilePresentation: game.MobilePresentation } : {}),
    ...(game.ViewportPresentation ? { ViewportPresentation: game.ViewportPresentation } : {}),
    SupportedLanguages: game.SupportedLanguages,
    DefaultLanguage: game.DefaultLanguage,
    ...(game.SupportWidgetKey ? { SupportWidgetKey: game.SupportWidgetKey } : {}),
    Store: game.Store,
    ...(game.TurnstileSiteKey ? { Turnstile: { SiteKey: game.TurnstileSiteKey } } : {}),
    CompanyName: branding.CompanyName,
    ...(game.TosUrl ? { TosUrl: game.TosUrl } : {}),
    TosOpenMethod: game.TosOpenMethod,
    ...(game.PpUrl ? { PpUrl: game.PpUrl } : {}),
    PpOpenMethod: game.PpOpenMethod,
    NamespacedProductsL10N: game.NamespacedProductsL10N,
    Auth: game.VkIdClientId ? { VkontakteComVkId: { ClientId: game.VkIdClientId } } : {},
  };
}

/** The web client settings of a game as served on one adapter. */
export function toWebClientConfig(
  game: GameDefinition,
  adapter: AdapterName,
  branding: CompanyBranding,
  vapidPublicKey?: string,
): z.infer<typeof PublicWebClientConfigSchema> {
  const platform: PlatformName = ADAPTER_PLATFORM[adapter];
  return {
    Platform: platform,
    Capabilities: game.Capabilities[adapter] ?? [],
    IconUrl: game.IconUrl,
    Images: game.ImageUrl ? { Hero: game.ImageUrl } : {},
    LoaderScreen: game.LoaderScreen,
    Auth: branding.Auth,
    LegalContacts: branding.LegalContacts,
    PersonalInformationForm: { Compact: false },
    // Browsers subscribe with this key; without one (push off) the portal skips subscribing.
    WebPush: vapidPublicKey ? { VapidPublicKey: vapidPublicKey } : {},
    Links: game.DiscordQrCodeImageUrl ? { DiscordQrCodeImageUrl: game.DiscordQrCodeImageUrl } : {},
    ...(game.ExternalPlayUrl ? { ExternalPlayUrl: game.ExternalPlayUrl } : {}),
    AvailabilityOverrides: {},
    ...(game.Advertisement ? { Advertisement: game.Advertisement } : {}),
    // Games imported before cloud saves had a setting have none in their stored definition.
    CloudSaves: (game.CloudSaves as Partial<Record<string, CloudSaveStore>> | undefined)?.[adapter] ?? 'Fxid',
    HostLeaderboards: (game.Leaderboards ?? [])
      // Boards imported before hosts' boards had a setting have no HostPlatforms in their stored definition.
      .filter((board) => (board.HostPlatforms as string[] | undefined)?.includes(adapter))
      .map(({ Name, Titles, SortOrder, ScoreFormat, Decimals, MinScore, MaxScore }) => ({
        Name,
        Titles,
        SortOrder,
        ScoreFormat,
        Decimals,
        MinScore,
        MaxScore,
      })),
  };
}
