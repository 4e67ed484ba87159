import { z } from 'zod';
import { ErrorCodeSchema } from '../errors.js';
import { PublicOrderIdSchema, SkuSchema } from './core.js';

/**
 * Kongregate microtransactions checked on our server (`POST /kongregate/items/{Game}`): after
 * `mtx.purchaseItems` the client hands over the player's game auth token; the server checks it
 * against Kongregate's authenticate API, reads the player's inventory there, takes each unused
 * item of a catalog product once (by Kongregate's inventory id) and uses it up on Kongregate.
 */
export const KongregateItemsRequestSchema = z
  .object({
    GameAuthToken: z
      .string()
      .min(1)
      .max(256)
      .describe("kongregate.services.getGameAuthToken() of the signed-in player's Kongregate user"),
  })
  .strict()
  .meta({ id: 'KongregateItemsRequest' });

export const KongregateItemSchema = z
  .object({
    ItemId: z.string().describe("Kongregate's id of the inventory item (what the order is keyed by)"),
    Success: z.boolean().describe('True when the item is ours and its order is paid (now, or by an earlier call)'),
    Sku: SkuSchema.nullable().describe("The item's identifier on Kongregate: our sku"),
    TransactionId: PublicOrderIdSchema.nullable().describe('The order the item made, when Success'),
    ErrorCode: ErrorCodeSchema.nullable().describe(
      'Why not: platform_product_unknown (not a product sold on Kongregate), platform_purchase_taken',
    ),
  })
  .meta({ id: 'KongregateItem' });

export const KongregateItemsResponseSchema = z
  .object({ Items: z.array(KongregateItemSchema).describe("One per unused item of the player's inventory") })
  .meta({ id: 'KongregateItemsResponse' });
export type KongregateItemsResponse = z.infer<typeof KongregateItemsResponseSchema>;
