import type { AppContext } from '../../../context.js';
import { PlatformNotConfiguredError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import type { VkApp } from './vk-config.js';

/**
 * The VK app of a game: VK_APPS when it names the game; in development only, the
 * catalog's public `PlatformData.VkontakteComAppId` with the documented dev secret.
 */
export function vkAppOf(ctx: AppContext, game: GameRecord): VkApp | undefined {
  const vk = ctx.config.platforms.vkcom;
  const configured = vk.apps[game.definition.GameSystemName];
  if (configured) return configured;
  const catalogAppId = game.definition.PlatformData.VkontakteComAppId;
  if (vk.devSecret && catalogAppId && /^\d{1,18}$/.test(catalogAppId)) {
    return { appId: catalogAppId, secrets: [vk.devSecret] };
  }
  return undefined;
}

export function requireVkApp(ctx: AppContext, game: GameRecord): VkApp {
  const app = vkAppOf(ctx, game);
  if (!app) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'VkontakteCom');
  return app;
}
