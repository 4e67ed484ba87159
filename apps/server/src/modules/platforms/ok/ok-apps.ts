import type { AppContext } from '../../../context.js';
import { PlatformNotConfiguredError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import type { OkApp } from './ok-config.js';

/**
 * The OK application of a game: OK_APPS when it names the game; in development only,
 * the catalog's public `PlatformData.OdnoklassnikiAppId` with the documented dev keys.
 */
export function okAppOf(ctx: AppContext, game: GameRecord): OkApp | undefined {
  const ok = ctx.config.platforms.ok;
  const configured = ok.apps[game.definition.GameSystemName];
  if (configured) return configured;
  const catalogAppId = game.definition.PlatformData.OdnoklassnikiAppId;
  if (ok.dev && game.definition.Platforms.includes('ok') && catalogAppId && /^\d{1,18}$/.test(catalogAppId)) {
    return { appId: catalogAppId, publicKey: ok.dev.publicKey, secrets: [ok.dev.secret] };
  }
  return undefined;
}

export function requireOkApp(ctx: AppContext, game: GameRecord): OkApp {
  const app = okAppOf(ctx, game);
  if (!app) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'Odnoklassniki');
  return app;
}
