import { z } from 'zod';
import { ErrorCodeSchema } from '../errors.js';
import { GameSystemNameSchema } from '../games.js';
import { PublicOrderIdSchema, SkuSchema } from './core.js';

/**
 * Facebook Instant Games purchases checked on our server (spec store §7, `POST /fbinstant/purchase`):
 * the client hands over a Purchase's `signedRequest`, which Facebook signed with the game's app
 * secret (security.md §4b); it pays its order once per payment id.
 */
export const FbInstantPurchaseRequestSchema = z
  .object({
    Game: GameSystemNameSchema,
    FbInstantPurchaseSignedData: z
      .string()
      .min(3)
      .max(8192)
      .describe("Purchase.signedRequest of purchaseAsync() or getPurchasesAsync(): Facebook's signed_request"),
  })
  .strict()
  .meta({ id: 'FbInstantPurchaseRequest' });
export type FbInstantPurchaseRequest = z.infer<typeof FbInstantPurchaseRequestSchema>;

export const FbInstantPurchaseResponseSchema = z
  .object({
    Success: z.boolean().describe('True when the purchase is ours and its order is paid (now, or by an earlier call)'),
    PurchaseToken: z.string().describe('Consume it with FBInstant.payments.consumePurchaseAsync once Success'),
    PaymentId: z.string().describe("Facebook's paymentID; POST /platforms/purchase finds the order by it"),
    Sku: SkuSchema.nullable().describe('The product Facebook names (product_id)'),
    TransactionId: PublicOrderIdSchema.nullable().describe('The order the purchase made, when Success'),
    ErrorCode: ErrorCodeSchema.nullable().describe(
      'Why not, when not Success: platform_product_unknown, platform_order_mismatch, platform_purchase_taken',
    ),
  })
  .meta({ id: 'FbInstantPurchaseResponse' });
export type FbInstantPurchaseResponse = z.infer<typeof FbInstantPurchaseResponseSchema>;
