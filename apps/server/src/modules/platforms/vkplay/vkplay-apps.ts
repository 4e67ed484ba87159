import type { AppContext } from '../../../context.js';
import { PlatformNotConfiguredError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import type { VkPlayApp } from './vkplay-config.js';

/**
 * The VK Play application of a game published on `vkplay`: VKPLAY_APPS when it names the
 * game; in development only, the catalog's public `PlatformData.VkontaktePlayAppId` with the
 * documented dev secret.
 */
export function vkPlayAppOf(ctx: AppContext, game: GameRecord): VkPlayApp | undefined {
  if (!game.definition.Platforms.includes('vkplay')) return undefined;
  const vkplay = ctx.config.platforms.vkplay;
  const configured = vkplay.apps[game.definition.GameSystemName];
  if (configured) return configured;
  const catalogAppId = game.definition.PlatformData.VkontaktePlayAppId;
  if (vkplay.dev && catalogAppId && /^\d{1,18}$/.test(catalogAppId)) {
    return { appId: catalogAppId, secrets: [vkplay.dev.secret] };
  }
  return undefined;
}

export function requireVkPlayApp(ctx: AppContext, game: GameRecord): VkPlayApp {
  const app = vkPlayAppOf(ctx, game);
  if (!app) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'VkontaktePlay');
  return app;
}
