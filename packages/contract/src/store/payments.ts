import { z } from 'zod';
import { GameSystemNameSchema } from '../games.js';
import { PlatformInputSchema } from '../platform.js';
import { plainText } from '../text.js';
import {
  CheckoutStatusSchema,
  CurrencyCodeSchema,
  EmbeddingTypeSchema,
  MoneySchema,
  PaymentProviderNameSchema,
  PublicOrderIdSchema,
  SkuSchema,
} from './core.js';
import { OrderSchema, TieredProductsSkuSchema } from './orders.js';

/** Optional developer data carried with an order back to the game's server. */
export const DeveloperPayloadSchema = z
  .object({ MerchantDeveloperPayload: z.string().max(2048).optional() })
  .strict()
  .meta({ id: 'DeveloperPayload' });

/** Payment creation request (spec store §3). Price, currency and quantity are never taken from it. */
export const CreatePaymentRequestSchema = z
  .object({
    Token: z.string().max(512).optional().describe('Ignored: the bearer token in Authorization is used'),
    Game: GameSystemNameSchema,
    Sku: SkuSchema,
    WebPublishingPlatform: PlatformInputSchema,
    EmbeddingType: EmbeddingTypeSchema.default('Redirect'),
    ProductNameHint: plainText().max(200).optional(),
    ProductDescriptionHint: plainText({ multiline: true }).max(1000).optional(),
    DeveloperPayload: DeveloperPayloadSchema.optional(),
    Currency: CurrencyCodeSchema.optional().describe('Wanted currency; the catalog currency is charged otherwise'),
    CrazyGames: z
      .object({ AccessToken: z.string().max(4096) })
      .strict()
      .optional(),
    VkontaktePlay: z
      .object({ IpAddress: z.string().max(64), Uid: z.string().max(64), Currency: z.string().max(8) })
      .partial()
      .strict()
      .optional(),
    AbsoluteGames: z.record(z.string(), z.union([z.string().max(512), z.boolean()])).optional(),
  })
  .strict()
  .meta({ id: 'CreatePaymentRequest' });
export type CreatePaymentRequest = z.infer<typeof CreatePaymentRequestSchema>;

/** Price data of a checkout (spec store §3). */
export const PriceDataSchema = z
  .object({
    Price: z.number().int().nonnegative().describe('Minor units'),
    Currency: z.string().describe('Currency symbol'),
    CurrencyIso4217: CurrencyCodeSchema,
    LocalizedPrice: z.string(),
  })
  .meta({ id: 'PriceData' });

/** Payment creation response: the checkout start (spec store §3). */
export const CreatePaymentResponseSchema = z
  .object({
    TransactionId: PublicOrderIdSchema,
    OrderPrice: MoneySchema,
    ConfirmationUrl: z.string().nullable().describe('Where to send the player to pay'),
    Merchant: PaymentProviderNameSchema,
    OrderProduct: z.object({
      Sku: SkuSchema,
      Price: z.number().int().nonnegative(),
      Currency: CurrencyCodeSchema,
      UsdPrice: z.number().int().nonnegative().nullable(),
      LocalizedProductName: z.string(),
      LocalizedProductDescription: z.string(),
      ImageUrl: z.string().nullable(),
      UsedTieredProducts: z.boolean().describe('True when the product bundles tiers, listed in Order.OrderProducts'),
      TieredProductsSku: TieredProductsSkuSchema,
    }),
    PriceData: PriceDataSchema,
    DryRunMetadata: z.null(),
    PersonalInfoRequirements: z.object({
      Email: z.object({ Required: z.boolean(), DefaultValue: z.string().nullable() }),
    }),
    Sandbox: z.object({ CheckoutUrl: z.string() }).optional().describe('Present when Merchant is sandbox'),
    Stripe: z
      .object({
        SessionClientSecret: z
          .string()
          .nullable()
          .describe('Mounts the embedded checkout (Stripe.js); only the order owner receives it. Null for Redirect'),
        PublishableKey: z.string().describe("The Stripe account's publishable key for Stripe.js"),
        SessionId: z.string().describe('The Checkout Session id'),
      })
      .optional()
      .describe('Present when Merchant is stripe (spec store §3)'),
    Xsolla: z
      .object({
        PaymentToken: z.string().describe('The Pay Station token of this order; only the order owner receives it'),
        Sandbox: z.boolean().describe("True when the token opens Xsolla's sandbox Pay Station (no real money)"),
        ConfirmationUrl: z.string().describe('The Pay Station page of the token, for the embed widget or a redirect'),
      })
      .optional()
      .describe('Present when Merchant is xsolla (spec store §3)'),
    Yookassa: z
      .object({
        Redirect: z
          .boolean()
          .describe('True: send the player to ConfirmationUrl; false: mount the confirmation widget'),
        ConfirmationUrl: z.string().nullable().describe("YooKassa's payment page (Redirect); null otherwise"),
        ConfirmationToken: z
          .string()
          .nullable()
          .describe("Mounts YooKassa's confirmation widget (Embed); only the order owner receives it. Null otherwise"),
        Sandbox: z.boolean().describe("True for a test shop's payment (no real money)"),
      })
      .optional()
      .describe('Present when Merchant is yookassa (spec store §3)'),
    Bank131: z
      .object({
        FormUrl: z.string().describe("The portal's card payment form page /{token} of this order (card or SBP)"),
        ApiType: z.enum(['Bank131', 'SmartGLocal']).describe('The bank whose API serves the form (same API shape)'),
        DemoMode: z.boolean().describe("True on the bank's demo environment (no real money)"),
      })
      .optional()
      .describe('Present when Merchant is bank131 (spec store §3, Bank block)'),
    Aghanim: z
      .object({
        CheckoutUrl: z
          .string()
          .describe("Aghanim's checkout of this order, opened in a new tab; only the order owner receives it"),
      })
      .optional()
      .describe('Present when Merchant is aghanim (spec store §3)'),
    MoneyMailRu: z
      .object({
        PaymentUri: z
          .string()
          .describe(
            "Money.Mail.Ru's payment window of this order (the signed light form); only the order owner receives it",
          ),
      })
      .optional()
      .describe('Present when Merchant is moneymailru (spec store §3)'),
    Order: OrderSchema,
  })
  .meta({ id: 'CreatePaymentResponse' });
export type CreatePaymentResponse = z.infer<typeof CreatePaymentResponseSchema>;

export const PaymentStatusRequestSchema = z
  .object({
    Game: GameSystemNameSchema.optional().describe(
      "The order's game; may be left out (the return page knows only the order id). A different game answers 404",
    ),
    TransactionId: PublicOrderIdSchema,
  })
  .strict()
  .meta({ id: 'PaymentStatusRequest' });

/** What a purchase tells the game (spec store §3, "Purchase result"); amounts in major units. */
export const PurchaseStatsSchema = z
  .object({
    currency: CurrencyCodeSchema,
    currencyAmount: z.number().nonnegative(),
    usdAmount: z.number().nonnegative().nullable(),
  })
  .meta({ id: 'PurchaseStats' });

/**
 * Why an unpaid checkout was cancelled, so the portal can tell the game a declined payment
 * ('Payment not completed') from an abandoned one ('User closed payment window'), spec store §8.
 */
export const CancelReasonSchema = z.enum(['Declined', 'UserCancelled']).meta({ id: 'CancelReason' });

export const PaymentStatusResponseSchema = z
  .object({
    TransactionId: PublicOrderIdSchema,
    Status: CheckoutStatusSchema.describe('Payed once the provider confirmed the payment; the portal polls for it'),
    Order: OrderSchema,
    Stats: PurchaseStatsSchema,
    CancelReason: CancelReasonSchema.nullable().describe(
      'Why a Cancelled checkout ended: Declined when the provider refused the payment, UserCancelled when the player left it. Null otherwise',
    ),
  })
  .meta({ id: 'PaymentStatusResponse' });
export type PaymentStatusResponse = z.infer<typeof PaymentStatusResponseSchema>;

/** The portal's optimistic status (spec store §4): advisory; never marks an order paid. */
export const OptimisticOrderStatusRequestSchema = z
  .object({ PublicOrderId: PublicOrderIdSchema, Status: z.enum(['Completed', 'Cancelled']) })
  .strict()
  .meta({ id: 'OptimisticOrderStatusRequest' });

export const OptimisticOrderStatusResponseSchema = z
  .object({ Order: OrderSchema })
  .meta({ id: 'OptimisticOrderStatusResponse' });
