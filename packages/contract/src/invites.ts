import { z } from 'zod';
import { EmailSchema } from './account.js';
import { GameSystemNameSchema, LocaleSchema } from './games.js';
import { GameConnectionResult, GameConnectionResultSchema } from './identity.js';

/**
 * Connecting a game account (a GameUid of a game) to an fxid account by an emailed
 * invite (spec §7 "invites"). The game asks, the player confirms from their mailbox.
 */

/** The player's id inside the game, as the game server knows it. */
export const GameUidSchema = z
  .string()
  .regex(/^[\w.:@-]{1,128}$/, 'Expected 1 to 128 letters, digits or . : @ _ -')
  .meta({ id: 'GameUid' });

/** Version tag of the GameUid proof format; bump it when the signed text changes. */
export const GAME_UID_PROOF_VERSION = 'v1';

/** The text a game server signs to prove a GameUid is its player's (see GameUidProofSchema). */
export function gameUidProofText(game: string, gameUid: string, issuedAtSeconds: number): string {
  return `fxid-game-uid-proof:${GAME_UID_PROOF_VERSION}\n${game}\n${gameUid}\n${issuedAtSeconds}`;
}

export const GameUidProofSchema = z
  .string()
  .regex(/^v1\.\d{1,12}\.[\w-]{43}$/, 'Expected v1.<issued-at seconds>.<base64url HMAC-SHA256>')
  .describe(
    'Proof from the game server that the caller controls the GameUid: ' +
      '`v1.{iat}.{sig}` where iat is the issue time in Unix seconds and sig is ' +
      'base64url(HMAC-SHA256(game secret, "fxid-game-uid-proof:v1\\n{GameSystemName}\\n{GameUid}\\n{iat}")) ' +
      'without padding. Valid for 15 minutes after iat (60 s of clock skew allowed).',
  )
  .meta({ id: 'GameUidProof' });

/** The single-use token of an emailed link: 32 random bytes, base64url. */
const InviteTokenSchema = z.string().regex(/^[\w-]{20,128}$/, 'Not a valid token');

/** Query parameter value that marks a LoginValidateEmail link as a game-connection invite. */
export const CONNECT_GAME_INVITE_TYPE = 'connect_game';

export const ConnectFromGameRequestSchema = z
  .object({
    GameSystemName: GameSystemNameSchema,
    GameUid: GameUidSchema,
    GameUidProof: GameUidProofSchema,
    Email: EmailSchema.describe('Where the confirmation link goes; the account of this address gets the game'),
    Locale: LocaleSchema.optional().describe('Language of the email'),
    RedirectUri: z.string().max(2048).optional().describe('Where the link leads after connecting; same origin only'),
  })
  .strict()
  .meta({ id: 'ConnectFromGameRequest' });

export const ConnectFromGameResponseSchema = z
  .object({
    Success: z.literal(true),
    Result: GameConnectionResultSchema.describe('Created: the invite is mailed and waits for the player'),
    ResultCode: z.number().int(),
    ExpiresAt: z.iso.datetime().describe('When the emailed link stops working'),
  })
  .meta({
    id: 'ConnectFromGameResponse',
    description: 'The same answer whether or not the address has an account',
  });

export const InviteStatusRequestSchema = z
  .object({ GameSystemName: GameSystemNameSchema, GameUid: GameUidSchema, GameUidProof: GameUidProofSchema })
  .strict()
  .meta({ id: 'InviteStatusRequest' });

/** Where a game account stands: connected, invited, or neither. */
export const InviteStateSchema = z
  .enum(['Connected', 'Pending', 'Failed', 'Expired', 'NotConnected'])
  .meta({ id: 'InviteState' });
export type InviteState = z.infer<typeof InviteStateSchema>;

export const InviteStatusResponseSchema = z
  .object({
    State: InviteStateSchema,
    Connected: z.boolean(),
    Result: GameConnectionResultSchema.describe(
      'Success when connected, Created while the latest invite waits, Timeout (1002) when it expired, ' +
        'the failure of the latest invite (1000, 1001, 1999), GameTypeNotConnected (1003) when nothing was asked',
    ),
    ResultCode: z.number().int(),
    EmailHint: z.string().nullable().describe('The invited address, masked (p•••@example.com)'),
    ExpiresAt: z.iso.datetime().nullable().describe('When the pending invite expires'),
  })
  .meta({ id: 'InviteStatusResponse' });

export const UpdateConnectGameInviteRequestSchema = z
  .object({ InviteToken: InviteTokenSchema })
  .strict()
  .meta({ id: 'UpdateConnectGameInviteRequest' });

export const UpdateConnectGameInviteResponseSchema = z
  .object({
    Success: z.literal(true),
    Result: GameConnectionResultSchema.describe('Created: newly connected; Success: it already was'),
    ResultCode: z.number().int(),
    Token: z.string().describe('Bearer token of a new session of the account that now has the game'),
    RedirectUri: z.string().optional(),
    Game: GameSystemNameSchema,
    GameUid: GameUidSchema,
  })
  .meta({ id: 'UpdateConnectGameInviteResponse' });

/** The numeric code of a game-connection result (spec §3). */
export function gameConnectionCode(result: keyof typeof GameConnectionResult): number {
  return GameConnectionResult[result];
}
