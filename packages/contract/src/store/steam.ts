import { z } from 'zod';
import { ErrorCodeSchema } from '../errors.js';
import { PublicOrderIdSchema, SkuSchema } from './core.js';

/** InitTxn's orderid: our uint64, as text. */
export const SteamOrderIdSchema = z
  .string()
  .regex(/^\d{1,20}$/)
  .describe("InitTxn's orderid (POST /platforms/payment answered it as Steam.OrderId)");

/**
 * Steam microtransactions settled on our server (`POST /platforms/steam/settle/{Game}`): after the
 * overlay's MicroTxnAuthorizationResponse the client names the order; the server asks Steam
 * (QueryTxn), charges an approved one (FinalizeTxn) and pays its order once. Without OrderId it
 * settles every transaction of the player still open (recovery after a crash or a closed page).
 */
export const SteamSettleRequestSchema = z
  .object({ OrderId: SteamOrderIdSchema.optional() })
  .strict()
  .meta({ id: 'SteamSettleRequest' });

export const SteamSettledSchema = z
  .object({
    OrderId: SteamOrderIdSchema,
    Status: z
      .enum(['Delivered', 'Waiting', 'Failed'])
      .describe(
        'Delivered: charged and its order paid (now or before); Waiting: the player has not answered the overlay; Failed: denied, failed at Steam or refused here',
      ),
    Sku: SkuSchema,
    TransactionId: PublicOrderIdSchema.nullable().describe('The order the purchase made, when Delivered'),
    ErrorCode: ErrorCodeSchema.nullable().describe(
      'Why we refused it (not charged): product_already_owned, platform_price_mismatch; null otherwise',
    ),
  })
  .meta({ id: 'SteamSettled' });
export type SteamSettled = z.infer<typeof SteamSettledSchema>;

export const SteamSettleResponseSchema = z
  .object({ Items: z.array(SteamSettledSchema) })
  .meta({ id: 'SteamSettleResponse' });
