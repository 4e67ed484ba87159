import type { AppContext } from '../../../context.js';
import { PlatformNotConfiguredError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import type { AgApp } from './ag-config.js';

/**
 * The AG application of a game: AG_APPS when it names the game; in development only, the
 * catalog's public `PlatformData.AbsoluteGamesAppId` with the documented dev secret.
 */
export function agAppOf(ctx: AppContext, game: GameRecord): AgApp | undefined {
  const ag = ctx.config.platforms.ag;
  if (!ag) return undefined;
  const configured = ag.apps[game.definition.GameSystemName];
  if (configured) return configured;
  const catalogAppId = game.definition.PlatformData.AbsoluteGamesAppId;
  if (
    ag.dev &&
    game.definition.Platforms.includes('ag') &&
    catalogAppId &&
    /^[A-Za-z0-9_-]{1,32}$/.test(catalogAppId)
  ) {
    return { appId: catalogAppId, secrets: [ag.dev.secret] };
  }
  return undefined;
}

export function requireAgApp(ctx: AppContext, game: GameRecord): AgApp {
  const app = agAppOf(ctx, game);
  if (!app) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'AbsoluteGames');
  return app;
}
