import type { ProductRecord } from '../../catalog/products-service.js';

/** Spec store §5: VK Play's currency is the launch's `currency` query parameter, RUB when absent. */
export const VKPLAY_DEFAULT_CURRENCY = 'RUB';

/**
 * The VK Play price of a product in `currency`, when the catalog sells it there: whole roubles
 * (`PlatformPrices.vkplay`). fxid keeps no exchange rates, so another currency has no price.
 */
export function vkPlayPriceOf(product: ProductRecord, currency: string): number | undefined {
  return currency === VKPLAY_DEFAULT_CURRENCY ? product.definition.PlatformPrices?.vkplay : undefined;
}
