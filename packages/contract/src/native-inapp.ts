import { z } from 'zod';
import { GameSystemNameSchema } from './games.js';

/**
 * Native mobile in-app purchases (spec store §7 `/native/inapp/validate/{Game}`, `/native/status`):
 * a wrapper app bought a product through Google Play or the App Store and hands the server the
 * store's reference; the server asks the store, checks it and fulfils the order once.
 */

/** An Android purchase as Play Billing's `Purchase` names it. */
export const GooglePlayReceiptSchema = z
  .strictObject({
    Store: z.literal('GooglePlay'),
    PackageName: z
      .string()
      .regex(/^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/, 'Expected an Android package name')
      .max(255)
      .describe("Purchase.getPackageName(): must be the game's configured package"),
    ProductId: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_.]{0,139}$/, 'Expected a Play product id')
      .describe('Purchase.getProducts()[0]: the sku of the product in the catalog'),
    PurchaseToken: z.string().regex(/^[\w.:-]{1,1000}$/, 'Expected a Play purchase token'),
  })
  .meta({ id: 'GooglePlayReceipt' });

/** A StoreKit 2 transaction by its id; the server fetches the signed transaction from Apple. */
export const AppStoreReceiptSchema = z
  .strictObject({
    Store: z.literal('AppStore'),
    TransactionId: z.string().regex(/^\d{1,32}$/, 'Expected an App Store transaction id (digits)'),
  })
  .meta({ id: 'AppStoreReceipt' });

export const NativeInAppValidateRequestSchema = z
  .discriminatedUnion('Store', [GooglePlayReceiptSchema, AppStoreReceiptSchema])
  .meta({ id: 'NativeInAppValidateRequest' });
export type NativeInAppValidateRequest = z.infer<typeof NativeInAppValidateRequestSchema>;

export const NativeStoreSchema = z.enum(['GooglePlay', 'AppStore']).meta({ id: 'NativeStore' });
export type NativeStore = z.infer<typeof NativeStoreSchema>;

export const NativeInAppValidateResponseSchema = z
  .object({
    Success: z.literal(true),
    Store: NativeStoreSchema,
    Sku: z.string(),
    TransactionId: z.string().describe("The fxid order's public id (the game's transaction id)"),
    Test: z.boolean().describe('A store test purchase (Play license tester, App Store sandbox)'),
    OrderId: z
      .string()
      .describe("The store's order as POST /platforms/purchase finds it (Platform FxNative): gp:… or as:…"),
  })
  .meta({ id: 'NativeInAppValidateResponse' });
export type NativeInAppValidateResponse = z.infer<typeof NativeInAppValidateResponseSchema>;

const alpha2 = z.string().regex(/^[A-Za-z]{2}$/, 'Expected an ISO 3166-1 alpha-2 code');
const alpha3 = z.string().regex(/^[A-Za-z]{3}$/, 'Expected an ISO 3166-1 alpha-3 code');

export const NativeStatusQuerySchema = z.object({
  Game: GameSystemNameSchema,
  Token: z
    .string()
    .regex(/^[\w-]{20,128}$/)
    .optional()
    .describe('The fxid session token the wrapper holds, if any: the answer says whether it is live'),
  AppStoreCountry: alpha3.optional().describe('Storefront.countryCode of the App Store (alpha-3)'),
  GooglePlayCountry: alpha2.optional().describe('BillingConfig.getCountryCode() of Google Play (alpha-2)'),
  ClientCountryAlpha3: alpha3.optional().describe("The device's region (alpha-3)"),
});
export type NativeStatusQuery = z.infer<typeof NativeStatusQuerySchema>;

export const NativeStatusResponseSchema = z
  .object({
    Game: GameSystemNameSchema,
    Token: z
      .object({ Valid: z.boolean(), AccountId: z.string().nullable() })
      .describe('Whether the Token sent is a live session, and its account (the id to bind purchases to)'),
    GooglePlay: z.object({ Available: z.boolean(), PackageName: z.string().nullable() }),
    AppStore: z.object({
      Available: z.boolean(),
      BundleId: z.string().nullable(),
      Environment: z.enum(['Production', 'Sandbox']).nullable(),
    }),
    AppStoreCountry: z.string().nullable().describe('As sent, upper-cased'),
    GooglePlayCountry: z.string().nullable().describe('As sent, upper-cased'),
    ClientCountryAlpha3: z.string().nullable().describe('As sent, upper-cased'),
  })
  .meta({ id: 'NativeStatusResponse' });
export type NativeStatusResponse = z.infer<typeof NativeStatusResponseSchema>;
