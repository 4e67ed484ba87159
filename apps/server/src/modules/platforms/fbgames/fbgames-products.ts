import type { AppContext } from '../../../context.js';
import type { GameRecord } from '../../catalog/game-catalog.js';

/** The product's price in the catalog (`PlatformPrices.fbgames`, US cents); absent: not sold there. */
export function fbGamesPriceOf(product: { definition: { PlatformPrices?: Partial<Record<string, number>> } }) {
  return product.definition.PlatformPrices?.fbgames;
}

/** The public Open Graph page of a product, Facebook's `product` in the pay dialog (platform-protocols.md §12). */
export function productOgUrl(ctx: AppContext, game: GameRecord, sku: string): string {
  const name = encodeURIComponent(game.definition.GameSystemName);
  return `${ctx.config.publicUrl}/api/v1/platforms/fbgames/og/${name}/${encodeURIComponent(sku)}`;
}

/** The sku an Open Graph URL of ours names for this game, or undefined for any other URL. */
export function skuOfOgUrl(ctx: AppContext, game: GameRecord, url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const prefix = productOgUrl(ctx, game, '');
  if (!url.startsWith(prefix)) return undefined;
  const sku = decodeURIComponent(url.slice(prefix.length));
  return sku && !sku.includes('/') ? sku : undefined;
}
