import { z } from 'zod';
import { ErrorCodeSchema } from '../errors.js';
import { PublicOrderIdSchema, SkuSchema } from './core.js';

/**
 * Yandex Games purchases checked on our server (spec store §7, `POST /yandexgames/purchase/{Game}`):
 * the client hands over the `signature` Yandex signed with the game's secret key
 * (security.md §5); each purchase token in it is answered on its own.
 */
export const YandexPurchaseRequestSchema = z
  .object({
    YandexSignedData: z
      .string()
      .min(3)
      .max(262_144)
      .describe('The signature of payments.purchase() or payments.getPurchases(): <sign>.<data>, standard base64'),
    YandexGetPurchasesRequest: z
      .boolean()
      .default(false)
      .describe(
        'True when the signature came from getPurchases() (its data is a list, possibly of old purchases); ' +
          'false for the single, fresh purchase of purchase()',
      ),
  })
  .strict()
  .meta({ id: 'YandexPurchaseRequest' });
export type YandexPurchaseRequest = z.input<typeof YandexPurchaseRequestSchema>;

export const YandexTokenSuccessSchema = z
  .object({
    PurchaseToken: z.string().describe("Yandex's purchaseToken; consume it with payments.consumePurchase once Success"),
    Success: z.boolean().describe('True when the purchase is ours and its order is paid (now, or by an earlier call)'),
    Sku: SkuSchema.nullable().describe('The product Yandex names (product.id)'),
    TransactionId: PublicOrderIdSchema.nullable().describe('The order the purchase made, when Success'),
    ErrorCode: ErrorCodeSchema.nullable().describe(
      'Why not, when not Success: platform_product_unknown, platform_price_mismatch, platform_purchase_taken',
    ),
  })
  .meta({ id: 'YandexTokenSuccess' });
export type YandexTokenSuccess = z.infer<typeof YandexTokenSuccessSchema>;

export const YandexPurchaseResponseSchema = z
  .object({
    TokenSuccesses: z.array(YandexTokenSuccessSchema).describe('One per purchase in the signed data, in order'),
  })
  .meta({ id: 'YandexPurchaseResponse' });
export type YandexPurchaseResponse = z.infer<typeof YandexPurchaseResponseSchema>;
