import type { StoreProduct } from '@fxid/sdk';
import { h, replaceChildren } from './dom.js';

/** One button per product, with its localized price; `buy` runs the purchase. A product owned shows `ownedText`. */
export function renderShop(
  container: HTMLElement,
  products: StoreProduct[],
  buy: (sku: string) => void,
  ownedText: string,
): void {
  replaceChildren(
    container,
    ...products.map((product, index) =>
      h(
        'button',
        {
          class: index === 0 ? 'product primary' : 'product',
          'data-testid': `buy-${product.sku}`,
          'data-sku': product.sku,
          onclick: () => buy(product.sku),
          disabled: product.owned === true,
          'data-owned': product.owned ? 'true' : undefined,
        },
        h('strong', {}, `${product.name} · ${product.owned ? ownedText : product.price.localizedPrice}`),
        h('small', {}, product.description),
      ),
    ),
  );
}
