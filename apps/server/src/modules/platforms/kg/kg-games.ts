import type { AppContext } from '../../../context.js';
import { PlatformNotConfiguredError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { type KongregateApi, kongregateApi } from './kg-api.js';

/** The game's Kongregate API key: KONGREGATE_API_KEYS, or in development the simulated one. */
export function kongregateApiKeyOf(ctx: AppContext, game: GameRecord): string | undefined {
  const config = ctx.config.platforms.kg;
  const name = game.definition.GameSystemName;
  if (config.apiKeys[name]) return config.apiKeys[name];
  if (config.devApiKeyPrefix && game.definition.Platforms.includes('kg')) return `${config.devApiKeyPrefix}${name}`;
  return undefined;
}

/** Kongregate's server API with the game's key; 503 platform_not_configured without one. */
export function requireKongregateApi(ctx: AppContext, game: GameRecord): KongregateApi {
  const key = kongregateApiKeyOf(ctx, game);
  if (!key) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'Kongregate');
  return kongregateApi(ctx.config.platforms.kg.apiUrl, key);
}

/** The product's price on Kongregate in the catalog (`PlatformPrices.kg`, kreds); without one it is not sold there. */
export function kongregatePriceOf(product: { definition: { PlatformPrices?: Partial<Record<string, number>> } }) {
  return product.definition.PlatformPrices?.kg;
}
