import type { z } from 'zod';
import { OK_ENV, type OkConfig, okConfig } from './ok/ok-config.js';
import { VK_ENV, type VkConfig, vkConfig } from './vk/vk-config.js';
import { YANDEX_ENV, type YandexConfig, yandexConfig } from './yandex/yandex-config.js';

/**
 * The configuration fragments of the server platforms, one line each: config.ts merges
 * their environment variables into its schema and their settings into Config.
 */
export const PLATFORM_ENV = { ...VK_ENV, ...YANDEX_ENV, ...OK_ENV };

export interface PlatformsConfig {
  vkcom: VkConfig;
  yandex: YandexConfig;
  ok: OkConfig;
}

export function platformsConfig(
  env: z.output<z.ZodObject<typeof PLATFORM_ENV>>,
  mode: 'development' | 'production',
): PlatformsConfig {
  return { vkcom: vkConfig(env, mode), yandex: yandexConfig(env, mode), ok: okConfig(env, mode) };
}
