import { z } from 'zod';
import { GameSystemNameSchema } from '../games.js';
import { PlatformSchema } from '../platform.js';
import { CurrencyCodeSchema, PublicOrderIdSchema, SkuSchema } from './core.js';
import { PurchaseStatsSchema } from './payments.js';

export const CheckBuyProductsRequestSchema = z
  .object({
    Game: GameSystemNameSchema,
    Skus: z.array(SkuSchema).max(100).optional().describe('Every product of the game when absent'),
  })
  .strict()
  .meta({ id: 'CheckBuyProductsRequest' });

/**
 * A paid purchase as the game collects it (the SDK's getPurchases): the purchase result of spec
 * store §3 (TransactionId, Stats) with what to grant. Listed until the game consumes it.
 */
export const GamePurchaseSchema = z
  .object({
    TransactionId: PublicOrderIdSchema.describe('The order id; consume the purchase with it'),
    Sku: SkuSchema.describe('The main product'),
    ProductType: z.string().describe('Consumable, NonConsumable or Subscription'),
    Products: z
      .array(
        z.object({
          Sku: SkuSchema,
          Quantity: z.number().int().positive(),
          Payload: z.string().nullable(),
        }),
      )
      .describe('Everything to grant: the main product first, then the products it bundles'),
    DeveloperPayload: z.string().nullable(),
    Stats: PurchaseStatsSchema,
    PurchasedAt: z.iso.datetime(),
  })
  .meta({ id: 'GamePurchase' });
export type GamePurchase = z.infer<typeof GamePurchaseSchema>;

export const CheckBuyProductsResponseSchema = z
  .object({
    Products: z.array(
      z.object({
        Sku: SkuSchema,
        Bought: z.boolean().describe('Whether the player has a completed order for it'),
        Count: z.number().int().nonnegative().describe('Completed orders for it'),
        Quantity: z.number().int().nonnegative().describe('Units delivered in those orders'),
        Owned: z.boolean().describe('A one-time product (NonConsumable) the player owns: it cannot be bought again'),
      }),
    ),
    Purchases: z
      .array(GamePurchaseSchema)
      .describe(
        'Paid purchases (of Skus, or all) the game has not consumed yet, oldest first; a consumed one never comes back',
      ),
  })
  .meta({ id: 'CheckBuyProductsResponse' });

/** Which purchase a host platform's own order made (VK: the order_id VKWebAppShowOrderBox answered). */
export const PlatformPurchaseRequestSchema = z
  .object({
    Game: GameSystemNameSchema,
    Platform: PlatformSchema.describe('The host platform that took the payment, e.g. VkontakteCom'),
    OrderId: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,96}$/)
      .describe("The platform's id of the order"),
  })
  .strict()
  .meta({ id: 'PlatformPurchaseRequest' });
export type PlatformPurchaseRequest = z.infer<typeof PlatformPurchaseRequestSchema>;

export const PlatformPurchaseResponseSchema = z
  .object({
    Purchase: GamePurchaseSchema.nullable().describe(
      "The paid purchase the platform's order made for the player, not yet consumed; null until the platform's signed callback has been taken (poll), or when the order is not theirs, was consumed or was refunded",
    ),
  })
  .meta({ id: 'PlatformPurchaseResponse' });

/** The game iframe's signed parameters on Absolute Games, as the payment creation request carries them (spec store §3). */
export const AbsoluteGamesPaymentBlockSchema = z
  .object({
    AppId: z.string().max(64),
    AuthKey: z.string().max(128),
    Debug: z.string().max(8).default(''),
    GameSid: z.string().max(128),
    PlayerId: z.string().max(64),
    Guest: z.string().max(8),
    Invite: z.string().max(128).default(''),
  })
  .strict()
  .meta({ id: 'AbsoluteGamesPaymentBlock' });
export type AbsoluteGamesPaymentBlock = z.infer<typeof AbsoluteGamesPaymentBlockSchema>;

/** Opens a host platform's own payment of a product on our server (Telegram: a Stars invoice link). */
export const PlatformPaymentRequestSchema = z
  .object({
    Game: GameSystemNameSchema,
    Platform: PlatformSchema.describe('The host platform whose payment opens, e.g. Telegram'),
    Sku: SkuSchema,
    DeveloperPayload: z.string().max(1024).optional().describe("The game's own note, kept with the order"),
    Currency: CurrencyCodeSchema.optional().describe(
      "VK Play: the player's currency, the launch's `currency` query parameter (spec store §5); RUB when absent",
    ),
    AbsoluteGames: AbsoluteGamesPaymentBlockSchema.optional().describe(
      'Spec store §3 payment creation request, AbsoluteGames block: required when Platform is AbsoluteGames',
    ),
  })
  .strict()
  .meta({ id: 'PlatformPaymentRequest' });
export type PlatformPaymentRequest = z.infer<typeof PlatformPaymentRequestSchema>;

export const PlatformPaymentResponseSchema = z
  .object({
    OrderId: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
      .describe('Our id of the platform payment: POST /platforms/purchase with it finds the paid purchase'),
    Price: z
      .object({ Amount: z.number().int().positive(), Currency: z.string() })
      .describe('What the platform charges, in its own units (Telegram: Stars, XTR)'),
    Telegram: z
      .object({ InvoiceUrl: z.url().describe('The Stars invoice link, for Telegram.WebApp.openInvoice') })
      .optional()
      .describe('Spec store §3 payment creation response, Telegram block'),
    Odnoklassniki: z
      .object({
        Name: z.string().describe("The product's name, showPayment's first argument"),
        Description: z.string().describe("The product's description, showPayment's second argument"),
        Code: z.string().describe("The product code (our sku), showPayment's third argument"),
        Price: z.number().int().positive().describe("The price in OKs, showPayment's fourth argument"),
        ExtraAttributes: z
          .string()
          .describe('JSON `{"orderId": OrderId}` for showPayment\'s attributes; OK returns it in callbacks.payment'),
      })
      .optional()
      .describe('Spec store §3 payment creation response, Odnoklassniki block (FAPI.UI.showPayment arguments)'),
    VkontaktePlay: z
      .object({
        MerchantParam: z
          .object({
            amount: z
              .number()
              .int()
              .positive()
              .describe('The price in whole units of currency (PlatformPrices.vkplay)'),
            currency: CurrencyCodeSchema,
            description: z.string().describe("The product's name"),
            item_id: z.string().describe('The product code (our sku)'),
            order_id: z.string().describe('OrderId: VK Play returns it in its payment notification'),
          })
          .describe("paymentFrame's merchant_param, as VK Play's iframeApi takes it"),
      })
      .optional()
      .describe('Spec store §3 payment creation response, VK Play block (iframeApi paymentFrame arguments)'),
    FacebookGames: z
      .object({
        ProductOgUrl: z.url().describe("The product's Open Graph page, FB.ui pay dialog's `product`"),
        RequestId: z.string().describe("FB.ui's request_id: OrderId, which Facebook's payment carries back"),
      })
      .optional()
      .describe('Spec store §3 payment creation response, FacebookGames block (FB.ui pay dialog arguments)'),
    FacebookInstantGames: z
      .object({
        StoreSpecificOrderProductSku: z
          .string()
          .describe("The product id in the game's Instant Games catalog, purchaseAsync's productID"),
        DeveloperPayload: z
          .string()
          .describe("purchaseAsync's developerPayload: OrderId, which the signed purchase must carry back"),
      })
      .optional()
      .describe('Spec store §3 payment creation response, FacebookInstantGames block (purchaseAsync arguments)'),
    AbsoluteGames: z
      .object({
        Token: z
          .string()
          .describe("The payment token for the host's ShowPayment; Absolute Games reports its payment with it"),
      })
      .optional()
      .describe('Spec store §3 payment creation response, AbsoluteGames block'),
    WizQ: z
      .object({
        SecuredOrderId: z
          .string()
          .describe("The order handle for WizQ's payment window; WizQ relays it back when the player paid"),
      })
      .optional()
      .describe('Spec store §3 payment creation response, WizQ block'),
    Steam: z
      .object({
        OrderId: z
          .string()
          .regex(/^\d{1,20}$/)
          .describe("InitTxn's orderid (a uint64 as text): the overlay's MicroTxnAuthorizationResponse names it"),
        TransId: z.string().describe("Steam's transid of the transaction InitTxn opened"),
      })
      .optional()
      .describe(
        'Steam microtransaction opened in the in-game overlay (usersession client); settle it with POST /platforms/steam/settle/{Game}',
      ),
  })
  .meta({ id: 'PlatformPaymentResponse' });
export type PlatformPaymentResponse = z.infer<typeof PlatformPaymentResponseSchema>;

export const ConsumePurchaseRequestSchema = z
  .object({ Game: GameSystemNameSchema, TransactionId: PublicOrderIdSchema })
  .strict()
  .meta({ id: 'ConsumePurchaseRequest' });

export const ConsumePurchaseResponseSchema = z
  .object({ TransactionId: PublicOrderIdSchema, Consumed: z.literal(true) })
  .meta({ id: 'ConsumePurchaseResponse' });

/** What a provider notification endpoint answers once an event is taken (or was already). */
export const NotificationResponseSchema = z
  .object({ Received: z.literal(true), Duplicate: z.boolean() })
  .meta({ id: 'NotificationResponse' });
