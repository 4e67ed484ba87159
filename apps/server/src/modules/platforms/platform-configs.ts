import type { z } from 'zod';
import { VK_ENV, type VkConfig, vkConfig } from './vk/vk-config.js';

/**
 * The configuration fragments of the server platforms, one line each: config.ts merges
 * their environment variables into its schema and their settings into Config.
 */
export const PLATFORM_ENV = { ...VK_ENV };

export interface PlatformsConfig {
  vkcom: VkConfig;
}

export function platformsConfig(
  env: z.output<z.ZodObject<typeof PLATFORM_ENV>>,
  mode: 'development' | 'production',
): PlatformsConfig {
  return { vkcom: vkConfig(env, mode) };
}
