import { z } from 'zod';
import { GameSystemNameSchema } from '../games.js';
import {
  CheckoutStatusSchema,
  CurrencyCodeSchema,
  MoneySchema,
  OrderDetailedStatusSchema,
  OrderStatusSchema,
  PublicOrderIdSchema,
  SkuSchema,
} from './core.js';

/** The skus a tiered product bundles, comma-separated in catalog order; null when it bundles none. */
export const TieredProductsSkuSchema = z
  .string()
  .nullable()
  .describe('Skus of the bundled tier products, comma-separated, e.g. "gems_50,garden_pass"; null without tiers');

/** A product inside an order, copied from the catalog when the order was made (spec store §3, "Order product"). */
export const OrderProductSchema = z
  .object({
    Sku: SkuSchema,
    ProductName: z.string(),
    ProductDescription: z.string(),
    ProductType: z.string(),
    Labels: z.array(z.string()),
    Payload: z.string().nullable(),
    Quantity: z.number().int().positive(),
    ImageUrl: z.string().nullable(),
    IconUrl: z.string().nullable(),
    Price: z.number().int().nonnegative().describe('Minor units, for the whole quantity'),
    Currency: CurrencyCodeSchema,
    UsdPrice: z.number().int().nonnegative().nullable(),
    Game: GameSystemNameSchema,
    UsedTieredProducts: z.boolean().describe('True on a main product that bundles tiers (the AdditionalProducts)'),
    TieredProductsSku: TieredProductsSkuSchema,
  })
  .meta({ id: 'OrderProduct' });
export type OrderProduct = z.infer<typeof OrderProductSchema>;

/** An order (spec store §3) with its three status views (§4). */
export const OrderSchema = z
  .object({
    PublicOrderId: PublicOrderIdSchema,
    Status: OrderStatusSchema,
    DetailedStatus: OrderDetailedStatusSchema,
    DetailedStatusCode: z.number().int().describe('0, 1, 2, 898, 899 or 999'),
    CheckoutStatus: CheckoutStatusSchema,
    OrderProducts: z
      .object({
        MainProduct: OrderProductSchema,
        AdditionalProducts: z
          .array(OrderProductSchema)
          .describe("The main product's tiers (catalog TieredProductsSku), each Price 0: included in the main price"),
      })
      .describe("TotalPrice is the main product's price alone: the tiers it bundles are included in it"),
    // The main product's price; tiers add nothing (a $ref'd Money cannot carry its own description).
    TotalPrice: MoneySchema,
    Game: GameSystemNameSchema,
    CreatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;
