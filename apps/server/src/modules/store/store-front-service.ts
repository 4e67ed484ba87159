import type { PlatformName, StoreAvailabilityResponse, StoreFrontRequest } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError, GameNotOnPlatformError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { listProducts, listWebStoreProducts } from '../catalog/products-service.js';
import { adapterOf } from '../games/games-service.js';
import { toStoreProduct } from './orders-presenter.js';
import { ownedOneTimeSkus } from './ownership-service.js';
import { paymentWay } from './payment-routing.js';

/** A game that exists and is published on the platform asked about; 404 otherwise. */
export async function requireGameOnPlatform(ctx: AppContext, name: string, platform: PlatformName | undefined) {
  const game = await ctx.catalog.find(name);
  if (!game) throw new GameNotFoundError(name);
  if (!isOnPlatform(game, platform)) throw new GameNotOnPlatformError(name, platform ?? 'FxId');
  return game;
}

function isOnPlatform(game: GameRecord, platform: PlatformName | undefined): boolean {
  const adapter = adapterOf(platform);
  return adapter !== undefined && game.definition.Platforms.includes(adapter);
}

/**
 * Whether the player can buy anything in the game on this platform right now, and how:
 * through a web payment provider on the portal's own site, through the host platform's
 * payments elsewhere (paymentWay); a game not published there has no way to pay.
 */
export async function storeAvailability(ctx: AppContext, input: StoreFrontRequest): Promise<StoreAvailabilityResponse> {
  const game = await ctx.catalog.find(input.Game);
  if (!game) throw new GameNotFoundError(input.Game);
  const answer = { Game: input.Game, Store: game.definition.Store };
  const adapter = adapterOf(input.WebPublishingPlatform);
  const way = adapter && isOnPlatform(game, input.WebPublishingPlatform) ? paymentWay(ctx, game, adapter) : undefined;
  if (way?.kind === 'web') {
    const products = await listWebStoreProducts(ctx.db, game.id);
    return { ...answer, Available: products.length > 0, PaymentChannel: 'Web', PaymentProvider: way.provider.name };
  }
  if (way?.kind === 'platform') {
    const sold = (await listProducts(ctx.db, game.id)).some((product) => way.payments.sells(product));
    return { ...answer, Available: sold, PaymentChannel: 'Platform', PaymentProvider: null };
  }
  return { ...answer, Available: false, PaymentChannel: null, PaymentProvider: null };
}

/**
 * The store front: the web-store products with prices formatted for the locale.
 * Prices are in the catalog currency; a Currency asked for that differs is not
 * converted, since fxid keeps no exchange rates.
 */
export async function storeData(ctx: AppContext, input: StoreFrontRequest, accountId?: string) {
  const game = await requireGameOnPlatform(ctx, input.Game, input.WebPublishingPlatform);
  const locale = input.Locale?.toLowerCase() ?? game.definition.DefaultLanguage;
  const products = await listWebStoreProducts(ctx.db, game.id);
  // Signed in, one-time products already bought show as owned instead of for sale.
  const owned = accountId ? await ownedOneTimeSkus(ctx, accountId, game.id, products) : new Set<string>();
  return {
    Game: input.Game,
    Products: products.map((product) =>
      toStoreProduct(product, locale, game.definition.DefaultLanguage, owned.has(product.row.sku)),
    ),
    Store: game.definition.Store,
  };
}
