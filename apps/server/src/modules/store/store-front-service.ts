import type { PlatformName, StoreAvailabilityResponse, StoreFlags, StoreFrontRequest } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError, GameNotOnPlatformError } from '../../errors.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { listProducts, listWebStoreProducts, type ProductRecord } from '../catalog/products-service.js';
import { adapterOf } from '../games/games-service.js';
import { toStoreProduct } from './orders-presenter.js';
import { ownedOneTimeSkus } from './ownership-service.js';
import { type PaymentWay, paymentWay } from './payment-routing.js';
import { PAYMENT_PROVIDERS } from './providers/registry.js';

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
 * The game's store flags as this platform sees them: a flag is true only where its provider is
 * offered (listed in PAYMENT_PROVIDER, configured with the credentials the game's rule names,
 * allowed on this platform) in one of `currencies`, so a provider that is not configured here
 * is never offered.
 */
function offeredFlags(ctx: AppContext, game: GameRecord, way: PaymentWay | undefined, currencies: string[]) {
  const adapter = way?.kind === 'web' ? way.adapter : undefined;
  const offered = adapter ? currencies.flatMap((currency) => ctx.payments.offered(game, adapter, currency)) : [];
  const flags = { ...game.definition.Store };
  for (const flag of Object.keys(flags) as (keyof StoreFlags)[]) {
    flags[flag] = offered.some((entry) => PAYMENT_PROVIDERS[entry.provider.name].storeFlag === flag);
  }
  return flags;
}

/** The currencies a store answer is about: the one asked for when the game sells in it, else every product's. */
function currenciesAsked(products: ProductRecord[], asked: string | undefined): string[] {
  const all = [...new Set(products.map((product) => product.row.price_currency))];
  return asked && all.includes(asked) ? [asked] : all;
}

/**
 * Whether the player can buy anything in the game on this platform right now, and how:
 * through a web payment provider on the portal's own site (the provider of the Currency asked
 * for, else of the first product some provider takes), through the host platform's payments
 * elsewhere (paymentWay); a game not published there has no way to pay.
 */
export async function storeAvailability(ctx: AppContext, input: StoreFrontRequest): Promise<StoreAvailabilityResponse> {
  const game = await ctx.catalog.find(input.Game);
  if (!game) throw new GameNotFoundError(input.Game);
  const adapter = adapterOf(input.WebPublishingPlatform);
  const way = adapter && isOnPlatform(game, input.WebPublishingPlatform) ? paymentWay(ctx, game, adapter) : undefined;
  if (way?.kind === 'web') {
    const currencies = currenciesAsked(await listWebStoreProducts(ctx.db, game.id), input.Currency);
    const answer = { Game: input.Game, Store: offeredFlags(ctx, game, way, currencies) };
    const chosen = currencies.map((currency) => ctx.payments.forGame(game, way.adapter, currency)).find(Boolean);
    if (chosen) return { ...answer, Available: true, PaymentChannel: 'Web', PaymentProvider: chosen.provider.name };
    return { ...answer, Available: false, PaymentChannel: 'Web', PaymentProvider: null };
  }
  const answer = { Game: input.Game, Store: offeredFlags(ctx, game, way, []) };
  if (way?.kind === 'platform') {
    const sold = (await listProducts(ctx.db, game.id)).some((product) => way.payments.sells(product));
    return { ...answer, Available: sold, PaymentChannel: 'Platform', PaymentProvider: null };
  }
  return { ...answer, Available: false, PaymentChannel: null, PaymentProvider: null };
}

/**
 * The store front: the web-store products with prices formatted for the locale. Where the
 * game pays through web checkouts, only the products some offered provider takes in their
 * currency. Prices are in the catalog currency; a Currency asked for that differs is not
 * converted, since fxid keeps no exchange rates.
 */
export async function storeData(ctx: AppContext, input: StoreFrontRequest, accountId?: string) {
  const game = await requireGameOnPlatform(ctx, input.Game, input.WebPublishingPlatform);
  const locale = input.Locale?.toLowerCase() ?? game.definition.DefaultLanguage;
  const adapter = adapterOf(input.WebPublishingPlatform);
  const way = adapter ? paymentWay(ctx, game, adapter) : undefined;
  const listed = await listWebStoreProducts(ctx.db, game.id);
  const products =
    way?.kind === 'web'
      ? listed.filter((product) => ctx.payments.forGame(game, way.adapter, product.row.price_currency))
      : listed;
  // Signed in, one-time products already bought show as owned instead of for sale.
  const owned = accountId ? await ownedOneTimeSkus(ctx, accountId, game.id, products) : new Set<string>();
  return {
    Game: input.Game,
    Products: products.map((product) =>
      toStoreProduct(product, locale, game.definition.DefaultLanguage, owned.has(product.row.sku)),
    ),
    Store: offeredFlags(ctx, game, way, currenciesAsked(listed, input.Currency)),
  };
}
