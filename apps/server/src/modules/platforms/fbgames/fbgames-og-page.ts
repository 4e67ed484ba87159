import type { GameRecord } from '../../catalog/game-catalog.js';
import type { ProductRecord } from '../../catalog/products-service.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const localized = (texts: Record<string, string> | undefined, game: GameRecord) =>
  texts?.[game.definition.DefaultLanguage] ?? Object.values(texts ?? {})[0] ?? '';

/**
 * A product's Open Graph page as Facebook scrapes it for the pay dialog (platform-protocols.md §12):
 * og:type og:product, its title, image and description, og:url equal to the page's own URL, and
 * the price in US dollars (the catalog's `PlatformPrices.fbgames`, in cents).
 */
export function renderProductOgPage(game: GameRecord, product: ProductRecord, url: string, cents: number): string {
  const title = localized(product.definition.Names, game) || product.row.sku;
  const description = localized(product.definition.Descriptions, game);
  const image = product.definition.IconUrl ?? game.definition.IconUrl ?? '';
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  return [
    '<!doctype html><html><head prefix="og: http://ogp.me/ns# fb: http://ogp.me/ns/fb# product: http://ogp.me/ns/product#">',
    '<meta charset="utf-8">',
    meta('og:type', 'og:product'),
    meta('og:title', title),
    meta('og:description', description),
    ...(image ? [meta('og:image', new URL(image, url).href)] : []),
    meta('og:url', url),
    meta('product:price:amount', (cents / 100).toFixed(2)),
    meta('product:price:currency', 'USD'),
    `<title>${escapeHtml(title)}</title></head><body></body></html>`,
  ].join('\n');
}
