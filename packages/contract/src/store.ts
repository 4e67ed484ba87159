import { z } from 'zod';
import { GameSystemNameSchema, LocaleSchema, StoreFlagsSchema } from './games.js';
import { PHONE_NUMBER_PATTERN } from './personal-info.js';
import { PlatformInputSchema } from './platform.js';
import { plainText } from './text.js';

/** Order status as most callers see it (spec store §4). */
export const OrderStatusSchema = z.enum(['Created', 'Cancelled', 'Completed']).meta({ id: 'OrderStatus' });

/**
 * Detailed order status with its numeric value. The three final states carry
 * the spec's codes; the others are ordered before them.
 */
export const OrderDetailedStatus = {
  Created: 0,
  WaitingForPayment: 1,
  PayedWaitingForSending: 2,
  CancelledPaid: 898,
  Cancelled: 899,
  Completed: 999,
} as const;
export type OrderDetailedStatusName = keyof typeof OrderDetailedStatus;
export const OrderDetailedStatusSchema = z
  .enum(Object.keys(OrderDetailedStatus) as [OrderDetailedStatusName, ...OrderDetailedStatusName[]])
  .meta({ id: 'OrderDetailedStatus' });

/** Status of the checkout at the payment provider. */
export const CheckoutStatusSchema = z.enum(['Created', 'Payed', 'Cancelled']).meta({ id: 'CheckoutStatus' });

/** Whether the checkout replaces the page or is embedded in it. */
export const EmbeddingTypeSchema = z.enum(['Redirect', 'Embed']).meta({ id: 'EmbeddingType' });

/** Three-letter ISO 4217 currency code. */
export const CurrencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Expected a three-letter ISO 4217 code')
  .meta({ id: 'CurrencyCode' });

/** Money as integer minor units (cents, kopecks) with its currency. */
export const MoneySchema = z
  .object({
    Amount: z.number().int().nonnegative().describe('Integer minor units of the currency'),
    Currency: CurrencyCodeSchema,
  })
  .meta({ id: 'Money' });

/** Payment providers fxid can take money through; `sandbox` is built in and works offline. */
export const PaymentProviderNameSchema = z.enum(['sandbox', 'stripe']).meta({ id: 'PaymentProviderName' });
export type PaymentProviderName = z.infer<typeof PaymentProviderNameSchema>;

/** A product's stock-keeping unit within its game. */
export const SkuSchema = z
  .string()
  .regex(/^[\w.-]{1,64}$/, 'Expected letters, digits, dot, dash or underscore (at most 64)')
  .meta({ id: 'Sku' });

/** The id of an order that players, games and providers see: random, unguessable. */
export const PublicOrderIdSchema = z
  .string()
  .regex(/^ord_[\w-]{22}$/, 'Expected an order id')
  .meta({ id: 'PublicOrderId' });

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
    PaymentProvider: PaymentProviderNameSchema.nullable().describe('The provider payments go through, if any'),
    Store: StoreFlagsSchema,
  })
  .meta({ id: 'StoreAvailabilityResponse' });

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

/** The skus a tiered product bundles, comma-separated in catalog order; null when it bundles none. */
const TieredProductsSkuSchema = z
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

export { PHONE_NUMBER_PATTERN };

/** Trims, and turns an empty or absent value into null: an empty form field means "not given". */
const trimmedOrNull = z
  .string()
  .max(320)
  .nullish()
  .transform((value) => {
    const trimmed = value?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  });

/**
 * An order's personal info (spec store §3), with the personal-info form's rules (§5):
 * values trimmed, email of valid format, phone of the international pattern, both
 * optional here. The portal's modal validates with this same schema.
 */
export const OrderPersonalInfoSchema = z
  .object({
    Email: trimmedOrNull
      .pipe(z.email('Invalid email format').max(254).nullable())
      .optional()
      .describe("Where the receipt goes; empty or absent means the account's address"),
    PhoneNumber: trimmedOrNull
      .pipe(z.string().regex(PHONE_NUMBER_PATTERN, 'Invalid phone number').nullable())
      .optional()
      .describe('International format: optional +, first digit 1-9, 2 to 15 digits'),
    IsAutoConfirm: z.boolean().default(false).describe('The player chose to confirm with these values at once'),
  })
  .strict()
  .meta({ id: 'OrderPersonalInfo' });
export type OrderPersonalInfo = z.infer<typeof OrderPersonalInfoSchema>;

/** Personal info as stored on an order. */
export const StoredOrderPersonalInfoSchema = z
  .object({ Email: z.string().nullable(), PhoneNumber: z.string().nullable(), IsAutoConfirm: z.boolean() })
  .meta({ id: 'StoredOrderPersonalInfo' });

/** What an order needs to know about the player before the checkout (spec store §3). */
export const PersonalInfoRequirementsSchema = z
  .object({ Email: z.object({ Required: z.boolean(), DefaultValue: z.string().nullable() }) })
  .meta({ id: 'PersonalInfoRequirements' });

export const UpdateOrderPiRequestSchema = z
  .object({ PublicOrderId: PublicOrderIdSchema, OrderPersonalInfo: OrderPersonalInfoSchema })
  .strict()
  .meta({ id: 'UpdateOrderPiRequest' });

export const UpdateOrderPiResponseSchema = z
  .object({ Order: OrderSchema, OrderPersonalInfo: StoredOrderPersonalInfoSchema })
  .meta({ id: 'UpdateOrderPiResponse' });

/** Path of the redirect variant of payment creation (spec store §3, §7). */
export const CreatePaymentWithRedirectParamsSchema = z.object({ Game: GameSystemNameSchema, Sku: SkuSchema });

/** Query of the redirect variant; price, currency and quantity still come from the catalog only. */
export const CreatePaymentWithRedirectQuerySchema = z
  .object({
    Token: z
      .string()
      .regex(/^[\w-]{20,128}$/, 'Not a valid token')
      .describe('A temp token from POST /auth/create_temp_token: single use, 5 minutes; never a session token'),
    WebPublishingPlatform: PlatformInputSchema,
    Currency: CurrencyCodeSchema.optional().describe('Wanted currency; the catalog currency is charged otherwise'),
    Country: z
      .string()
      .regex(/^[A-Z]{2,3}$/, 'Expected an ISO 3166 country code')
      .optional(),
    CountryHint: z
      .string()
      .regex(/^[A-Z]{2,3}$/, 'Expected an ISO 3166 country code')
      .optional(),
    DeveloperPayload: z.string().max(2048).optional().describe('MerchantDeveloperPayload, carried to the game server'),
    ProductNameHint: plainText().max(200).optional(),
    ProductDescriptionHint: plainText({ multiline: true }).max(1000).optional(),
  })
  .strict();

/** A link token of a redirect checkout (32 random bytes, base64url). */
const OrderLinkTokenSchema = z.string().regex(/^[\w-]{43}$/, 'Not a valid token');

export const ContinueRedirectWithPiRequestSchema = z
  .object({
    Token: OrderLinkTokenSchema.describe('The Token query parameter of /Store/ContinueWithPI'),
    OrderPersonalInfo: OrderPersonalInfoSchema.optional().describe(
      'Absent: only read the order and the prefill (the token stays valid). Present: save it and continue',
    ),
  })
  .strict()
  .meta({ id: 'ContinueRedirectWithPiRequest' });

export const ContinueRedirectWithPiResponseSchema = z
  .object({
    Order: OrderSchema,
    PersonalInfoRequirements: PersonalInfoRequirementsSchema,
    OrderPersonalInfo: StoredOrderPersonalInfoSchema,
    RedirectUrl: z.string().nullable().describe("The provider's checkout once personal info was saved; null on a read"),
  })
  .meta({ id: 'ContinueRedirectWithPiResponse' });

export const MerchantPaymentCompletedRequestSchema = z
  .object({ Token: OrderLinkTokenSchema.describe('The {token} of /Store/MerchantPaymentCompleted/{token}') })
  .strict()
  .meta({ id: 'MerchantPaymentCompletedRequest' });

export const MerchantPaymentCompletedResponseSchema = z
  .object({
    TransactionId: PublicOrderIdSchema,
    Status: CheckoutStatusSchema.describe('Payed once the provider confirmed; poll while Created'),
    Order: OrderSchema,
    Stats: PurchaseStatsSchema,
    ReturnUrl: z.string().describe("Where to send the player afterwards: the game's page on this portal"),
  })
  .meta({ id: 'MerchantPaymentCompletedResponse' });

/** The {token} of the card payment form page `/{token}`: the sandbox checkout's unguessable id. */
export const PaymentFormTokenSchema = z
  .string()
  .regex(/^sbx_[\w-]{32}$/, 'Expected a payment form token')
  .meta({ id: 'PaymentFormToken' });

export const PaymentFormParamsSchema = z.object({ Token: PaymentFormTokenSchema });

export const PaymentFormQuerySchema = z.object({
  Locale: LocaleSchema.optional().describe('Language of the localized price; English when absent'),
});

/** Spec store §3 "payment form result", for fxid's built-in sandbox bank. */
export const PaymentFormResponseSchema = z
  .object({
    Status: z
      .enum(['Open', 'Paid', 'Declined', 'Cancelled', 'Refunded'])
      .describe('Open: the player can still choose; otherwise the page shows the outcome and links to the order'),
    Bank: z.object({
      DemoMode: z.boolean().describe('True: no real money moves'),
      ApiType: z.enum(['Bank131', 'SmartGLocal', 'Sandbox']),
    }),
    Product: z.object({
      Name: z.string(),
      Description: z.string(),
      Price: z.string().describe('The order total, formatted for Locale'),
      Currency: CurrencyCodeSchema,
    }),
    RedirectUris: z.object({
      Success: z.string().describe('Where the player goes after paying'),
      Failure: z.string().describe('Where the player goes after declining or cancelling'),
    }),
    Card: z
      .object({ Brand: z.string(), Last4: z.string().regex(/^\d{4}$/) })
      .optional()
      .describe(
        'The card the buyer last paid with, offered again while the checkout is open; absent for a first payment',
      ),
    PublicId: PublicOrderIdSchema.describe('The order; sent back with the choice'),
  })
  .meta({ id: 'PaymentFormResponse' });
export type PaymentFormResponse = z.infer<typeof PaymentFormResponseSchema>;

/** Digits of a card number pass the Luhn check (ISO/IEC 7812), as every real card's do. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export const PaymentFormChoiceRequestSchema = z
  .object({
    PublicId: PublicOrderIdSchema,
    Choice: z.enum(['Pay', 'Decline', 'Abandon']).describe('Abandon is the Cancel button'),
    CardNumber: z
      .string()
      .regex(/^\d{12,19}$/, 'Expected 12 to 19 digits')
      .refine(passesLuhn, 'Not a valid card number')
      .optional()
      .describe('Checked (digits, Luhn); only its brand and last four digits are kept. Without it, Pay uses Card'),
  })
  .strict()
  .meta({ id: 'PaymentFormChoiceRequest' });

export const PaymentFormChoiceResponseSchema = z
  .object({
    Success: z.boolean().describe('The choice was taken'),
    Data: z.object({ Success: z.boolean().describe('The payment went through (Pay); go to RedirectUris.Success') }),
  })
  .meta({ id: 'PaymentFormChoiceResponse' });
export type PaymentFormChoiceResponse = z.infer<typeof PaymentFormChoiceResponseSchema>;
