import type { AppContext } from '../../../context.js';
import { PlatformNotConfiguredError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import type { FbInstantApp } from './fbinstant-config.js';

/**
 * The Instant Games app of a game: FB_INSTANT_APPS when it names the game; in development only,
 * the catalog's public `PlatformData.FacebookInstantGamesAppId` with the documented dev secret
 * (one per game: the signed data names no app, so only distinct secrets tell games apart).
 */
export function fbInstantAppOf(ctx: AppContext, game: GameRecord): FbInstantApp | undefined {
  const config = ctx.config.platforms.fbinstantgames;
  if (!config) return undefined;
  const name = game.definition.GameSystemName;
  const configured = config.apps[name];
  if (configured) return configured;
  const appId = game.definition.PlatformData.FacebookInstantGamesAppId;
  if (
    config.devSecretPrefix &&
    game.definition.Platforms.includes('fbinstantgames') &&
    /^\d{1,20}$/.test(appId ?? '')
  ) {
    return { appId: appId ?? '', secrets: [`${config.devSecretPrefix}${name}`] };
  }
  return undefined;
}

export function requireFbInstantApp(ctx: AppContext, game: GameRecord): FbInstantApp {
  const app = fbInstantAppOf(ctx, game);
  if (!app) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'FacebookInstantGames');
  return app;
}
