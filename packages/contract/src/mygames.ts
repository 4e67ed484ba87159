import { z } from 'zod';
import { BrowserNonceSchema } from './account.js';
import { GameSystemNameSchema } from './games.js';

export const MyGamesStartRequestSchema = z
  .object({
    Game: GameSystemNameSchema.describe('The game whose MY.GAMES client signs in'),
    BrowserNonce: BrowserNonceSchema.describe('A random value this browser keeps: only it may finish the sign-in'),
  })
  .strict()
  .meta({ id: 'MyGamesStartRequest' });

export const MyGamesStartResponseSchema = z
  .object({
    State: z.string().describe('The one-time OAuth state (10 minutes)'),
    AuthorizeUrl: z.string().describe("MY.GAMES's authorization page with every parameter of this sign-in"),
    RedirectUrl: z.string().describe('The portal page MY.GAMES sends the browser back to'),
  })
  .meta({ id: 'MyGamesStartResponse' });

export const MyGamesInfoRequestSchema = z
  .object({
    GameSystemName: GameSystemNameSchema.optional(),
    Game: GameSystemNameSchema,
    Url: z.string().max(4096).describe('The address MY.GAMES sent the browser back to (with code and state)'),
    BrowserNonce: BrowserNonceSchema.describe('The nonce this browser sent to oauth/mygames/start'),
  })
  .strict()
  .meta({ id: 'MyGamesInfoRequest' });

/** Whether the MY.GAMES user is already on an fxid account (values ours: the spec does not show them). */
export const MyGamesTransferStateSchema = z
  .enum(['NotTransferred', 'Transferred'])
  .meta({ id: 'MyGamesTransferState' });

export const MyGamesInfoResponseSchema = z
  .object({
    Success: z.literal(true),
    Data: z.object({
      Token: z.string().nullable().describe('A session of the account that holds this MY.GAMES user, if one does'),
      AccountId: z.string().nullable(),
      Email: z.string().nullable().describe("The MY.GAMES user's email as MY.GAMES tells it"),
      MyGamesTokenData: z.object({
        MyGamesToken: z.string().describe('Spent by oauth/mygames/transfer (single use, 15 minutes)'),
        UserId: z.string(),
        Nickname: z.string().nullable(),
        ExpiresAt: z.number().int(),
      }),
      GameData: z.object({ Game: GameSystemNameSchema }),
      TransferState: MyGamesTransferStateSchema,
    }),
  })
  .meta({ id: 'MyGamesInfoResponse' });

export const MyGamesTransferRequestSchema = z
  .object({
    GameSystemName: GameSystemNameSchema.optional(),
    Game: GameSystemNameSchema,
    Token: z
      .string()
      .min(1)
      .max(512)
      .optional()
      .describe('The session (bearer token) of the fxid account that receives it; without one a new account does'),
    MyGamesToken: z.string().min(1).max(256),
  })
  .strict()
  .meta({ id: 'MyGamesTransferRequest' });

export const MyGamesTransferResponseSchema = z
  .object({
    Success: z.literal(true),
    RedirectUri: z.string().describe("The game's page on the portal"),
    Token: z.string().optional().describe('Without a Token in the request: a session of the new account'),
  })
  .meta({ id: 'MyGamesTransferResponse' });
