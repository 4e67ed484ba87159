import type { AppContext } from '../../../context.js';
import { PlatformNotConfiguredError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import type { FbGamesApp } from './fbgames-config.js';

/**
 * The Facebook app of a game on Facebook Games: FB_GAMES_APPS when it names the game; in
 * development only, the catalog's `PlatformData.FacebookGamesAppId` with the documented dev secret.
 */
export function fbGamesAppOf(ctx: AppContext, game: GameRecord): FbGamesApp | undefined {
  const config = ctx.config.platforms.fbgames;
  if (!config) return undefined;
  const name = game.definition.GameSystemName;
  const configured = config.apps[name];
  if (configured) return configured;
  const appId = game.definition.PlatformData.FacebookGamesAppId ?? '';
  if (config.devSecretPrefix && game.definition.Platforms.includes('fbgames') && /^\d{1,20}$/.test(appId)) {
    return { appId, secrets: [`${config.devSecretPrefix}${name}`] };
  }
  return undefined;
}

export function requireFbGamesApp(ctx: AppContext, game: GameRecord): FbGamesApp {
  const app = fbGamesAppOf(ctx, game);
  if (!app) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'FacebookGames');
  return app;
}
