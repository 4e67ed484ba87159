import type { z } from 'zod';
import { AG_ENV, type AgConfig, agConfig } from './ag/ag-config.js';
import {
  CRAZYGAMES_ENV,
  type CrazyGamesConfig,
  crazyGamesConfig,
  crazyGamesProblems,
} from './crazygames/crazygames-config.js';
import { FB_GAMES_ENV, type FbGamesConfig, fbGamesConfig, fbGamesProblems } from './fbgames/fbgames-config.js';
import { FB_INSTANT_ENV, type FbInstantConfig, fbInstantConfig } from './fbinstantgames/fbinstant-config.js';
import { KONGREGATE_ENV, type KongregateConfig, kongregateConfig, kongregateProblems } from './kg/kg-config.js';
import { OK_ENV, type OkConfig, okConfig } from './ok/ok-config.js';
import { STEAM_ENV, type SteamConfig, steamConfig, steamProblems } from './steam/steam-config.js';
import { TELEGRAM_ENV, type TelegramConfig, telegramConfig, telegramProblems } from './telegram/telegram-config.js';
import { VK_ENV, type VkConfig, vkConfig } from './vk/vk-config.js';
import { VKPLAY_ENV, type VkPlayConfig, vkPlayConfig } from './vkplay/vkplay-config.js';
import { YANDEX_ENV, type YandexConfig, yandexConfig } from './yandex/yandex-config.js';
import { WIZQ_ENV, type WizqConfig, wizqConfig } from './ymobage/wizq-config.js';

/**
 * The configuration fragments of the server platforms, one line each: config.ts merges
 * their environment variables into its schema and their settings into Config.
 */
export const PLATFORM_ENV = {
  ...VK_ENV,
  ...YANDEX_ENV,
  ...TELEGRAM_ENV,
  ...OK_ENV,
  ...VKPLAY_ENV,
  ...CRAZYGAMES_ENV,
  ...KONGREGATE_ENV,
  ...FB_INSTANT_ENV,
  ...FB_GAMES_ENV,
  ...AG_ENV,
  ...WIZQ_ENV,
  ...STEAM_ENV,
};

type PlatformEnv = z.output<z.ZodObject<typeof PLATFORM_ENV>>;

export interface PlatformsConfig {
  vkcom: VkConfig;
  yandex: YandexConfig;
  /** Optional so that a test may configure one platform alone; absent, no game is on Telegram here. */
  telegram?: TelegramConfig;
  ok: OkConfig;
  vkplay: VkPlayConfig;
  crazygames: CrazyGamesConfig;
  kg: KongregateConfig;
  /** Optional so that a test may configure one platform alone; absent, no game is on Instant Games here. */
  fbinstantgames?: FbInstantConfig;
  /** Optional so that a test may configure one platform alone; absent, no game is on Facebook Games here. */
  fbgames?: FbGamesConfig;
  /** Optional so that a test may leave it out; absent, no game is on Absolute Games here. */
  ag?: AgConfig;
  /** Optional so that a test may leave it out; absent, no game is on WizQ here. */
  ymobage?: WizqConfig;
  /** Optional so that a test may leave it out; absent, no game is on Steam here. */
  steam?: SteamConfig;
}

export function platformsConfig(
  env: PlatformEnv,
  mode: 'development' | 'production',
  publicUrl: string,
): PlatformsConfig {
  return {
    vkcom: vkConfig(env, mode),
    yandex: yandexConfig(env, mode),
    telegram: telegramConfig(env, mode),
    ok: okConfig(env, mode),
    vkplay: vkPlayConfig(env, mode),
    crazygames: crazyGamesConfig(env, mode, publicUrl),
    kg: kongregateConfig(env, mode, publicUrl),
    fbinstantgames: fbInstantConfig(env, mode),
    fbgames: fbGamesConfig(env, mode),
    ag: agConfig(env, mode),
    ymobage: wizqConfig(env, mode),
    steam: steamConfig(env, mode, publicUrl),
  };
}

/**
 * The origins the CSP must allow scripts from for the hosts' own scripts (OK's FAPI, VK Play's
 * core, the CrazyGames, Kongregate and Facebook SDKs). In development the simulator serves them
 * from a relative path, the portal's own origin, which adds nothing; in production each config
 * takes https only.
 */
export function hostScriptOrigins(platforms: PlatformsConfig): string[] {
  const scripts = [
    platforms.ok.fapiUrl,
    // VK Play's address names the app; its origin does not depend on which.
    platforms.vkplay.coreUrl.replace('{appid}', '0'),
    platforms.crazygames?.sdkUrl,
    platforms.kg?.scriptUrl,
    platforms.fbinstantgames?.sdkUrl,
    platforms.fbgames?.sdkUrl,
  ];
  const remote = scripts.filter((url): url is string => url?.startsWith('https://') === true);
  return [...new Set(remote.map((url) => new URL(url).origin))];
}

/** Every bad platform variable of this mode, as config.ts lists them. */
export function platformProblems(env: PlatformEnv, mode: 'development' | 'production'): string[] {
  return [
    ...telegramProblems(env, mode),
    ...crazyGamesProblems(env, mode),
    ...kongregateProblems(env, mode),
    ...fbGamesProblems(env, mode),
    ...steamProblems(env, mode),
  ];
}
