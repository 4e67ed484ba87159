import type { GamePurchase, Order, OrderDetailedStatusName, OrderProduct, StoreProduct } from '@fxid/contract';
import type { ProductRecord } from '../catalog/products-service.js';
import { localize } from '../games/games-presenter.js';
import { checkoutStatus, generalStatus, isOrderStatus, statusCode } from './order-state-machine.js';
import type { OrderProductRow, OrderRow } from './orders-repository.js';
import { storePrice, toMajor, usdAmount } from './prices.js';

/** What an order keeps of its product, localized when the order was made. */
export interface ProductSnapshot {
  ProductName: string;
  ProductDescription: string;
  ProductType: string;
  Labels: string[];
  Payload: string | null;
  ImageUrl: string | null;
  IconUrl: string | null;
}

export function productSnapshot(product: ProductRecord, locale: string, fallback: string): ProductSnapshot {
  const { definition } = product;
  return {
    ProductName: localize(definition.Names, locale, fallback),
    ProductDescription: localize(definition.Descriptions, locale, fallback),
    ProductType: definition.ProductType,
    Labels: definition.Labels,
    Payload: definition.Payload ?? null,
    ImageUrl: definition.ImageUrl ?? null,
    IconUrl: definition.IconUrl ?? null,
  };
}

export function toStoreProduct(product: ProductRecord, locale: string, fallback: string, owned = false): StoreProduct {
  const { row, definition } = product;
  const snapshot = productSnapshot(product, locale, fallback);
  return {
    Sku: row.sku,
    ProductName: snapshot.ProductName,
    ProductDescription: snapshot.ProductDescription,
    ProductType: definition.ProductType,
    Labels: snapshot.Labels,
    Payload: snapshot.Payload,
    Quantity: definition.Quantity,
    ImageUrl: snapshot.ImageUrl,
    IconUrl: snapshot.IconUrl,
    Price: storePrice(row.price_amount, row.price_currency, locale, definition.PriceBeforeDiscount),
    DefaultCurrencyPrice: { Amount: row.price_amount, Currency: row.price_currency },
    UsdPrice: usdAmount(row.price_amount, row.price_currency),
    Owned: owned,
  };
}

/**
 * How a main product names the products bundled with it: the flag, and their skus
 * comma-separated (the contract keeps TieredProductsSku a single string).
 */
export function tierFields(tierSkus: string[]): Pick<OrderProduct, 'UsedTieredProducts' | 'TieredProductsSku'> {
  return {
    UsedTieredProducts: tierSkus.length > 0,
    TieredProductsSku: tierSkus.length > 0 ? tierSkus.join(',') : null,
  };
}

function toOrderProduct(row: OrderProductRow, game: string, tierSkus: string[] = []): OrderProduct {
  const snapshot = JSON.parse(row.snapshot_json) as ProductSnapshot;
  return {
    Sku: row.sku,
    ...snapshot,
    Quantity: row.quantity,
    Price: row.amount,
    Currency: row.currency,
    UsdPrice: usdAmount(row.amount, row.currency),
    Game: game,
    ...tierFields(tierSkus),
  };
}

export function orderStatusOf(order: OrderRow): OrderDetailedStatusName {
  if (!isOrderStatus(order.status)) throw new Error(`order ${order.id} has unknown status ${order.status}`);
  return order.status;
}

export function toOrder(order: OrderRow, products: OrderProductRow[], game: string): Order {
  const status = orderStatusOf(order);
  const [main, ...additional] = products;
  if (!main) throw new Error(`order ${order.id} has no products`);
  return {
    PublicOrderId: order.public_id,
    Status: generalStatus(status),
    DetailedStatus: status,
    DetailedStatusCode: statusCode(status),
    CheckoutStatus: checkoutStatus(status),
    OrderProducts: {
      MainProduct: toOrderProduct(
        main,
        game,
        additional.map((row) => row.sku),
      ),
      AdditionalProducts: additional.map((row) => toOrderProduct(row, game)),
    },
    // The main product's price: additional products are tiers included in it.
    TotalPrice: { Amount: order.total_amount, Currency: order.currency },
    Game: game,
    CreatedAt: new Date(order.created_at).toISOString(),
  };
}

/** A paid order as the game collects it (getPurchases): the purchase result plus what to grant. */
export function toGamePurchase(order: OrderRow, products: OrderProductRow[]): GamePurchase {
  const [main] = products;
  if (!main) throw new Error(`order ${order.id} has no products`);
  return {
    TransactionId: order.public_id,
    Sku: main.sku,
    ProductType: (JSON.parse(main.snapshot_json) as ProductSnapshot).ProductType,
    Products: products.map((row) => ({
      Sku: row.sku,
      Quantity: row.quantity,
      Payload: (JSON.parse(row.snapshot_json) as ProductSnapshot).Payload,
    })),
    DeveloperPayload: order.developer_payload,
    Stats: purchaseStats(order),
    PurchasedAt: new Date(order.created_at).toISOString(),
  };
}

/** The purchase result's stats for the game (spec store §3), in major units. */
export function purchaseStats(order: OrderRow) {
  const usd = usdAmount(order.total_amount, order.currency);
  return {
    currency: order.currency,
    currencyAmount: toMajor(order.total_amount, order.currency),
    usdAmount: usd === null ? null : toMajor(usd, 'USD'),
  };
}
