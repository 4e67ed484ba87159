import { z } from 'zod';
import { GameSystemNameSchema } from './games.js';

/** The largest serialised subscription accepted; real ones are a few hundred bytes. */
export const PUSH_TOKEN_MAX_LENGTH = 4096;

/** Save a browser's Web Push subscription for the signed-in account (spec §3, "Push token"). */
export const PushTokenSaveRequestSchema = z
  .object({
    Game: GameSystemNameSchema,
    Platform: z.enum(['web']).describe('Only web push is supported'),
    Token: z
      .string()
      .min(2)
      .max(PUSH_TOKEN_MAX_LENGTH)
      .describe('The PushSubscription serialised as JSON: {endpoint, expirationTime, keys: {p256dh, auth}}'),
  })
  .strict()
  .meta({ id: 'PushTokenSaveRequest' });
export type PushTokenSaveRequest = z.infer<typeof PushTokenSaveRequestSchema>;

export const PushTokenSaveResponseSchema = z.object({ Success: z.literal(true) }).meta({ id: 'PushTokenSaveResponse' });
