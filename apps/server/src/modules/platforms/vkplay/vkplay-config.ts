import { z } from 'zod';
import { appSecretList } from '../../../config/app-secret-list.js';
import { emptyAsUndefined } from '../../../config/env-helpers.js';

/**
 * VK Play's part of the server configuration. Each game's VK Play application (its id
 * and the secret labelled "Secret for api.games.mail / gc.mail.ru" in VK Play's console)
 * lives in the environment, never in the committed catalog: `VKPLAY_APPS=game=appId:secret,…`.
 */

/** One game's VK Play application; the first secret signs (simulator, tests), all verify (rotation). */
export interface VkPlayApp {
  appId: string;
  secrets: string[];
}

export interface VkPlayConfig {
  /** Per game system name. */
  apps: Record<string, VkPlayApp>;
  /**
   * Development only: the secret of every game without a VKPLAY_APPS entry whose catalog
   * names `PlatformData.VkontaktePlayAppId`, so that a simulated VK Play can sign.
   */
  dev: { secret: string } | undefined;
  /**
   * Where the portal loads VK Play's client script (page config VkPlayCoreUrl); `{appid}`
   * is replaced by the launch's app id. VK Play's own, or a path on the portal's origin.
   */
  coreUrl: string;
}

/** Where VK Play serves its client script (`window.iframeApi`) to the games it frames (platform-protocols.md §1c). */
export const VKPLAY_CORE_URL = 'https://vkplay.ru/app/{appid}/static/mailru.core.js';
/** The host simulator's stand-in, relative to the portal's base path (development). */
export const DEV_VKPLAY_CORE_URL = 'dev/hosts/vkplay/mailru.core.js';

/** The VK Play secret of the demo games in development (documented in README); never valid in production. */
export const DEV_VKPLAY_SECRET = 'dev-vkplay-app-secret-not-for-production';

/** `game=appId:secret,…`; a game may repeat (same app) while its secret rotates. */
const vkPlayAppList = appSecretList(
  '\\d{1,18}',
  'Expected game=appId:secret (numeric app id, 16+ character secret)',
  'VK Play applications',
);

/** VK Play's environment variables, merged into the server's EnvSchema. */
export const VKPLAY_ENV = {
  VKPLAY_APPS: z.preprocess(emptyAsUndefined, vkPlayAppList.default({})),
  // A path on the portal's origin, or an https URL (with {appid}) whose origin the CSP then allows scripts from.
  VKPLAY_CORE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^(https:\/\/[\w.-]+(:\d+)?\/|\/(?!\/)|[a-z0-9])[\w./{}-]*$/i,
        'Expected https://…/mailru.core.js or a path on this origin',
      )
      .optional(),
  ),
};

type VkPlayEnv = { VKPLAY_APPS: Record<string, VkPlayApp>; VKPLAY_CORE_URL?: string | undefined };

export function vkPlayConfig(env: VkPlayEnv, mode: 'development' | 'production'): VkPlayConfig {
  return {
    apps: env.VKPLAY_APPS,
    dev: mode === 'development' ? { secret: DEV_VKPLAY_SECRET } : undefined,
    coreUrl: env.VKPLAY_CORE_URL ?? (mode === 'development' ? DEV_VKPLAY_CORE_URL : VKPLAY_CORE_URL),
  };
}
