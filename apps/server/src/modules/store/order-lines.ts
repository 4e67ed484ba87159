import { newId } from '../../lib/ids.js';
import type { ProductRecord } from '../catalog/products-service.js';
import { productSnapshot } from './orders-presenter.js';

/**
 * The product lines of a new order: the main product at the order's price, then its
 * tiers at 0 (their price is included in the main product's, the order's total). Each
 * line keeps a snapshot of the product as the player saw it, in their language.
 */
export function orderLines(
  orderId: string,
  products: { main: ProductRecord; tiers: ProductRecord[] },
  price: { amount: number; currency: string },
  text: { locale: string; fallbackLocale: string },
  now: number,
) {
  const line = (record: ProductRecord, role: 'main' | 'additional', position: number, amount: number) => ({
    id: newId(),
    order_id: orderId,
    role,
    position,
    product_id: record.row.id,
    sku: record.row.sku,
    quantity: record.definition.Quantity,
    amount,
    currency: price.currency,
    snapshot_json: JSON.stringify(productSnapshot(record, text.locale, text.fallbackLocale)),
    created_at: now,
  });
  return [
    line(products.main, 'main', 0, price.amount),
    ...products.tiers.map((tier, index) => line(tier, 'additional', index + 1, 0)),
  ];
}
