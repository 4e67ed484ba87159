import { z } from 'zod';
import { ADAPTER_PLATFORM, type AdapterName } from './adapters.js';

/** Publishing platforms with their stable numeric values (spec §3, "Platform enum"). */
export const Platform = {
  Unspecified: -1,
  FxId: 0,
  VkontaktePlay: 1,
  Odnoklassniki: 2,
  VkontakteCom: 3,
  YandexGames: 4,
  AbsoluteGames: 5,
  Kongregate: 6,
  FacebookGames: 7,
  CrazyGames: 8,
  WizQ: 9,
  Telegram: 10,
  FxLauncher: 11,
  FxNative: 12,
  Steam: 13,
  FacebookInstantGames: 14,
} as const;
export type PlatformName = keyof typeof Platform;

export const PLATFORM_NAMES = Object.keys(Platform) as [PlatformName, ...PlatformName[]];

/** A platform as it travels in JSON: its name. */
export const PlatformSchema = z.enum(PLATFORM_NAMES).meta({ id: 'Platform' });

/**
 * A platform given by a caller: its name or its numeric value ("YandexGames" or 4).
 * Query strings carry numbers as text, so digits are accepted as well.
 */
export const PlatformInputSchema = z
  .union([z.enum(PLATFORM_NAMES), z.number().int(), z.string().regex(/^-?\d+$/)])
  .transform((value, ctx) => {
    const name = platformFromInput(value);
    if (name === undefined) {
      ctx.addIssue({ code: 'custom', message: `Unknown platform ${value}` });
      return z.NEVER;
    }
    return name;
  });

function platformFromInput(value: string | number): PlatformName | undefined {
  if (typeof value === 'string' && value in Platform) return value as PlatformName;
  const numeric = Number(value);
  return PLATFORM_NAMES.find((name) => Platform[name] === numeric);
}

export { ADAPTER_PLATFORM, type AdapterName } from './adapters.js';

export const ADAPTER_NAMES = Object.keys(ADAPTER_PLATFORM) as [AdapterName, ...AdapterName[]];
export const AdapterNameSchema = z.enum(ADAPTER_NAMES).meta({ id: 'AdapterName' });

/** The adapter serving a platform; every platform but Unspecified has exactly one. */
export function adapterForPlatform(platform: PlatformName): AdapterName | undefined {
  return ADAPTER_NAMES.find((adapter) => ADAPTER_PLATFORM[adapter] === platform);
}

/** What a platform lets a game do (spec §3, "Platform capabilities"). */
export const PlatformCapabilitySchema = z
  .enum([
    'FriendsList',
    'FriendsInvite',
    'GamesOfChanceDisabled',
    'RateApplication',
    'OutgoingLinksForbidden',
    'AdsAvailable',
    'LegalDialogsDisabled',
    'SupportDialogsDisabled',
    'ExternalIncentivesDisabled',
  ])
  .meta({ id: 'PlatformCapability' });
export type PlatformCapability = z.infer<typeof PlatformCapabilitySchema>;

/** Storefronts a product may be sold in (spec store §3, "Store platform enum"). */
export const StorePlatformSchema = z
  .enum(['Ios', 'Android', 'Web', 'Steam', 'WindowsStore', 'Amazon'])
  .meta({ id: 'StorePlatform' });
