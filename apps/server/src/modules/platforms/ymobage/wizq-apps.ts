import type { AppContext } from '../../../context.js';
import { PlatformNotConfiguredError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import type { WizqApp } from './wizq-config.js';

/** The WizQ application of a game: WIZQ_APPS, or in development the catalog's `PlatformData.WizQAppId` with the dev secret. */
export function wizqAppOf(ctx: AppContext, game: GameRecord): WizqApp | undefined {
  const wizq = ctx.config.platforms.ymobage;
  if (!wizq) return undefined;
  const configured = wizq.apps[game.definition.GameSystemName];
  if (configured) return configured;
  const catalogAppId = game.definition.PlatformData.WizQAppId;
  if (wizq.dev && game.definition.Platforms.includes('ymobage') && catalogAppId && /^\d{1,18}$/.test(catalogAppId)) {
    return { appId: catalogAppId, secrets: [wizq.dev.secret] };
  }
  return undefined;
}

export function requireWizqApp(ctx: AppContext, game: GameRecord): WizqApp {
  const app = wizqAppOf(ctx, game);
  if (!app) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'WizQ');
  return app;
}
