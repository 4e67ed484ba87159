import type { z } from 'zod';
import { AG_ENV, type AgConfig, agConfig } from './ag/ag-config.js';
import { OK_ENV, type OkConfig, okConfig } from './ok/ok-config.js';
import { TELEGRAM_ENV, type TelegramConfig, telegramConfig, telegramProblems } from './telegram/telegram-config.js';
import { VK_ENV, type VkConfig, vkConfig } from './vk/vk-config.js';
import { YANDEX_ENV, type YandexConfig, yandexConfig } from './yandex/yandex-config.js';
import { WIZQ_ENV, type WizqConfig, wizqConfig } from './ymobage/wizq-config.js';

/**
 * The configuration fragments of the server platforms, one line each: config.ts merges
 * their environment variables into its schema and their settings into Config.
 */
export const PLATFORM_ENV = { ...VK_ENV, ...YANDEX_ENV, ...TELEGRAM_ENV, ...OK_ENV, ...AG_ENV, ...WIZQ_ENV };

type PlatformEnv = z.output<z.ZodObject<typeof PLATFORM_ENV>>;

export interface PlatformsConfig {
  vkcom: VkConfig;
  yandex: YandexConfig;
  /** Optional so that a test may configure one platform alone; absent, no game is on Telegram here. */
  telegram?: TelegramConfig;
  ok: OkConfig;
  /** Optional so that a test may leave it out; absent, no game is on Absolute Games here. */
  ag?: AgConfig;
  /** Optional so that a test may leave it out; absent, no game is on WizQ here. */
  ymobage?: WizqConfig;
}

export function platformsConfig(env: PlatformEnv, mode: 'development' | 'production'): PlatformsConfig {
  return {
    vkcom: vkConfig(env, mode),
    yandex: yandexConfig(env, mode),
    telegram: telegramConfig(env, mode),
    ok: okConfig(env, mode),
    ag: agConfig(env, mode),
    ymobage: wizqConfig(env, mode),
  };
}

/** Every bad platform variable of this mode, as config.ts lists them. */
export function platformProblems(env: PlatformEnv, mode: 'development' | 'production'): string[] {
  return [...telegramProblems(env, mode)];
}
