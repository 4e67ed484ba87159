import { z } from 'zod';
import { GameSystemNameSchema } from './games.js';
import { plainText } from './text.js';

/** How long a status update keeps a friend in the list (spec §9: friends updated within the last year). */
export const FRIEND_STATUS_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;

/** A referral id: what `fxref` carries in an invite link. Opaque; not the account id. */
export const FxrefSchema = z
  .string()
  .regex(/^[\w-]{16,64}$/, 'Expected a referral id from an invite link')
  .describe("The inviter's referral id, from the fxref query of an invite link")
  .meta({ id: 'Fxref' });

/** A friend as the social modal shows them (spec §3, Friend). */
export const FriendSchema = z
  .object({
    FriendAccountId: z.string(),
    GameId: z.string().nullable().describe('Internal id of the game of the latest status update; null without one'),
    Game: GameSystemNameSchema.nullable().describe('The game of the latest status update; null without one'),
    InThisGame: z.boolean().describe('Whether that status update comes from the game asked about'),
    LastUpdatedAt: z.number().int().describe('Epoch ms of the latest status update, or of the friendship without one'),
    Name: z.string().nullable().describe('The name the friend gave with their status, or their account name'),
    Status: z.string().nullable(),
    Priority: z.number().int(),
  })
  .meta({ id: 'Friend' });
export type Friend = z.infer<typeof FriendSchema>;

export const FriendsGetRequestSchema = z
  .object({
    Game: GameSystemNameSchema.optional().describe(
      "Prefer each friend's status in this game and mark it InThisGame; the latest anywhere otherwise",
    ),
    FriendsIds: z.array(z.string().max(64)).max(500).optional().describe('Only these friends (account ids)'),
  })
  .strict()
  .meta({ id: 'FriendsGetRequest' });
export type FriendsGetRequest = z.infer<typeof FriendsGetRequestSchema>;

export const FriendsGetResponseSchema = z
  .object({
    Friends: z.array(FriendSchema).describe('Friends updated within the last year, most recently updated first'),
  })
  .meta({ id: 'FriendsGetResponse' });

export const FRIEND_STATUS_MAX_LENGTH = 256;
export const FRIEND_NAME_MAX_LENGTH = 64;

/** A player's status update from a game; friends see the latest one per game for a year. */
export const FriendStatusRequestSchema = z
  .object({
    Game: GameSystemNameSchema.describe('The game the status comes from'),
    Name: plainText().min(1).max(FRIEND_NAME_MAX_LENGTH).describe("The player's name in that game"),
    Priority: z.number().int().min(0).max(1000).default(0).describe('Higher first when the portal sorts statuses'),
    Status: plainText().max(FRIEND_STATUS_MAX_LENGTH).describe('Free text, e.g. "Level 12"; empty clears it'),
  })
  .strict()
  .meta({ id: 'FriendStatusRequest' });
export type FriendStatusRequest = z.infer<typeof FriendStatusRequestSchema>;

export const FriendInviteRequestSchema = z
  .object({ Game: GameSystemNameSchema.optional().describe('The game the invite leads to; the front page otherwise') })
  .strict()
  .meta({ id: 'FriendInviteRequest' });
export type FriendInviteRequest = z.infer<typeof FriendInviteRequestSchema>;

export const FriendInviteResponseSchema = z
  .object({
    Success: z.literal(true),
    Fxref: FxrefSchema,
    InviteUrl: z.string().describe('The go link to share: /api/v1/go?url=…&fxref=…&type=invite on this portal'),
  })
  .meta({ id: 'FriendInviteResponse' });

export const FriendAcceptInviteRequestSchema = z
  .object({ Fxref: FxrefSchema })
  .strict()
  .meta({ id: 'FriendAcceptInviteRequest' });

export const FriendAcceptInviteResponseSchema = z
  .object({
    Success: z.literal(true),
    Created: z.boolean().describe('False when the two were already friends'),
    FriendAccountId: z.string(),
  })
  .meta({ id: 'FriendAcceptInviteResponse' });

export const FriendStatusResponseSchema = z.object({ Success: z.literal(true) }).meta({ id: 'FriendStatusResponse' });
