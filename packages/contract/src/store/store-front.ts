import { z } from 'zod';
import { GameSystemNameSchema, LocaleSchema, StoreFlagsSchema } from '../games.js';
import { PlatformInputSchema } from '../platform.js';
import { CurrencyCodeSchema, MoneySchema, PaymentProviderNameSchema, SkuSchema } from './core.js';

/** Body of store_availability and store_data (spec store §7). */
export const StoreFrontRequestSchema = z
  .object({
    Game: GameSystemNameSchema,
    WebPublishingPlatform: PlatformInputSchema.optional().describe('FxId when absent'),
    Currency: CurrencyCodeSchema.optional().describe('Wanted currency; prices stay in the catalog currency otherwise'),
    Locale: LocaleSchema.optional().describe("Language of names and price format; the game's default otherwise"),
    StoreAdditionalData: z.record(z.string(), z.string().max(1024)).optional(),
  })
  .strict()
  .meta({ id: 'StoreFrontRequest' });
export type StoreFrontRequest = z.infer<typeof StoreFrontRequestSchema>;

export const StoreAvailabilityResponseSchema = z
  .object({
    Available: z.boolean().describe('Whether the player can buy anything in this game here'),
    Game: GameSystemNameSchema,
    PaymentChannel: z
      .enum(['Web', 'Platform'])
      .nullable()
      .describe(
        "How purchases are paid on this platform: Web, a web payment provider (PaymentProvider); Platform, the host platform's own payments (VK votes); null, no way here",
      ),
    PaymentProvider: PaymentProviderNameSchema.nullable().describe(
      "The web payment provider this game's checkouts go to on this platform: the first of PAYMENT_PROVIDER that its Store flags enable; null unless PaymentChannel is Web",
    ),
    Store: StoreFlagsSchema,
  })
  .meta({ id: 'StoreAvailabilityResponse' });
export type StoreAvailabilityResponse = z.infer<typeof StoreAvailabilityResponseSchema>;

/** A price as the store shows it (spec store §3, "Store front"); amounts in minor units. */
export const StorePriceSchema = z
  .object({
    LocalizedPrice: z.string().describe('Formatted for the locale, e.g. "$4.99" or "4,99 €"'),
    Price: z.number().int().nonnegative().describe('Minor units'),
    PriceBeforeDiscount: z.number().int().nonnegative().nullable().describe('Minor units; null without a discount'),
    LocalizedPriceBeforeDiscount: z
      .string()
      .nullable()
      .describe('PriceBeforeDiscount formatted like LocalizedPrice, shown struck through; null without a discount'),
    Discount: z.number().int().min(0).max(100).describe('Percent off PriceBeforeDiscount; 0 without a discount'),
    PriceBeforeBeautify: z.number().int().nonnegative().describe('Minor units before rounding to a nice price'),
    CurrencySymbol: z.string(),
    CurrencyIso4217: CurrencyCodeSchema,
  })
  .meta({ id: 'StorePrice' });
export type StorePrice = z.infer<typeof StorePriceSchema>;

export const StoreProductSchema = z
  .object({
    Sku: SkuSchema,
    ProductName: z.string(),
    ProductDescription: z.string(),
    ProductType: z.enum(['Consumable', 'NonConsumable', 'Subscription']),
    Labels: z.array(z.string()),
    Payload: z.string().nullable(),
    Quantity: z.number().int().positive(),
    ImageUrl: z.string().nullable(),
    IconUrl: z.string().nullable(),
    Price: StorePriceSchema,
    DefaultCurrencyPrice: MoneySchema.describe("The price in the product's own (catalog) currency"),
    UsdPrice: z.number().int().nonnegative().nullable().describe('Minor units of USD when known'),
    Owned: z
      .boolean()
      .describe(
        'True for a one-time product (NonConsumable) the signed-in player already owns: it cannot be bought again. False for guests',
      ),
  })
  .meta({ id: 'StoreProduct' });
export type StoreProduct = z.infer<typeof StoreProductSchema>;

export const StoreDataResponseSchema = z
  .object({ Game: GameSystemNameSchema, Products: z.array(StoreProductSchema), Store: StoreFlagsSchema })
  .meta({ id: 'StoreDataResponse' });
export type StoreDataResponse = z.infer<typeof StoreDataResponseSchema>;
