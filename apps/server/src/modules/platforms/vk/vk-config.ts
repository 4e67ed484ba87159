import { z } from 'zod';
import { appSecretList } from '../../../config/app-secret-list.js';
import { emptyAsUndefined } from '../../../config/env-helpers.js';

/**
 * VK's part of the server configuration. Secrets live in the environment, never in
 * the catalog (which is committed): `VK_APPS=game=appId:secret,…`.
 */

/** One game's VK app: its id and secure key(s); the first signs (simulators, tests), all verify (rotation). */
export interface VkApp {
  appId: string;
  secrets: string[];
}

export interface VkConfig {
  /** Per game system name. */
  apps: Record<string, VkApp>;
  /**
   * Development only: the secure key of every game that has no VK_APPS entry but names
   * a `PlatformData.VkontakteComAppId` in the catalog, so that a simulated VK can sign.
   */
  devSecret: string | undefined;
  /** How old launch parameters (`vk_ts`) may be when they are exchanged for a session. */
  launchMaxAgeSeconds: number;
}

/** The VK secure key of the demo games in development (documented in README); never valid in production. */
export const DEV_VK_APP_SECRET = 'dev-vk-app-secret-not-for-production';

/** `game=appId:secret,…`; a game may repeat (same app id) while its secret rotates. */
const vkAppList = appSecretList(
  '\\d{1,18}',
  'Expected game=appId:secret (numeric app id, 16+ character secret)',
  'VK app ids',
);

/** VK's environment variables, merged into the server's EnvSchema. */
export const VK_ENV = {
  VK_APPS: z.preprocess(emptyAsUndefined, vkAppList.default({})),
  VK_LAUNCH_MAX_AGE_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(60).max(86_400).default(7200)),
};

type VkEnv = { VK_APPS: Record<string, VkApp>; VK_LAUNCH_MAX_AGE_SECONDS: number };

export function vkConfig(env: VkEnv, mode: 'development' | 'production'): VkConfig {
  return {
    apps: env.VK_APPS,
    devSecret: mode === 'development' ? DEV_VK_APP_SECRET : undefined,
    launchMaxAgeSeconds: env.VK_LAUNCH_MAX_AGE_SECONDS,
  };
}
