import type { PlatformApp } from '../../../config/app-secret-list.js';
import type { AppContext } from '../../../context.js';
import { PlatformNotConfiguredError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { type SteamWebApi, steamWebApi } from './steam-web-api.js';

/**
 * The Steam app of a game: STEAM_APPS when it names the game; in development only, the catalog's
 * public `PlatformData.SteamAppId` with the documented dev publisher key (the simulator's fake).
 */
export function steamAppOf(ctx: AppContext, game: GameRecord): PlatformApp | undefined {
  const steam = ctx.config.platforms.steam;
  if (!steam || !game.definition.Platforms.includes('steam')) return undefined;
  const configured = steam.apps[game.definition.GameSystemName];
  if (configured) return configured;
  const catalogAppId = game.definition.PlatformData.SteamAppId;
  if (steam.devKey && catalogAppId && /^[1-9]\d{0,9}$/.test(catalogAppId)) {
    return { appId: catalogAppId, secrets: [steam.devKey] };
  }
  return undefined;
}

/** Steam's Web API with the game's app and publisher key; 503 platform_not_configured without them. */
export function requireSteamApi(ctx: AppContext, game: GameRecord): { app: PlatformApp; api: SteamWebApi } {
  const app = steamAppOf(ctx, game);
  const steam = ctx.config.platforms.steam;
  if (!app || !steam) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'Steam');
  return { app, api: steamWebApi(steam, { appId: app.appId, key: app.secrets[0] ?? '' }) };
}

/** The product's price on Steam in the catalog (`PlatformPrices.steam`, US cents); without one it is not sold there. */
export function steamPriceOf(product: { definition: { PlatformPrices?: Partial<Record<string, number>> } }) {
  return product.definition.PlatformPrices?.steam;
}

/** Steam prices are in US dollars: per-country pricing (GetUserInfo's currency) is not built. */
export const STEAM_CURRENCY = 'USD';
