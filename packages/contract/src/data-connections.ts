import { z } from 'zod';
import { GameSystemNameSchema } from './games.js';

/** Services a player can connect to an account for a game (spec §3, the streaming-service block). */
export const DataConnectionServiceSchema = z.enum(['Twitch']).meta({ id: 'DataConnectionService' });

export const TwitchConnectRequestSchema = z
  .object({
    Game: GameSystemNameSchema,
    Code: z
      .string()
      .min(1)
      .max(512)
      .describe("The authorization code Twitch appended to the game's redirect URL (…/TwitchConnect?code=…)"),
  })
  .strict()
  .meta({ id: 'TwitchConnectRequest' });

export const TwitchStartRequestSchema = z
  .object({
    Game: GameSystemNameSchema,
    State: z
      .string()
      .regex(/^[\w-]{16,128}$/)
      .describe('A random value this browser keeps and checks when Twitch sends it back (CSRF)'),
  })
  .strict()
  .meta({ id: 'TwitchStartRequest' });

export const TwitchStartResponseSchema = z
  .object({
    AuthorizeUrl: z.string().describe("Twitch's authorization page for the game's application, with the State"),
    RedirectUrl: z.string().describe('The portal page Twitch sends the browser back to'),
  })
  .meta({ id: 'TwitchStartResponse' });

export const TwitchRefreshTokenRequestSchema = z.object({ Game: GameSystemNameSchema }).strict().meta({
  id: 'TwitchRefreshTokenRequest',
});

/** The streaming-service block of a game: the player's Twitch user and tokens for the game to use. */
export const TwitchTokensResponseSchema = z
  .object({
    Success: z.literal(true),
    Data: z.object({
      AccessToken: z.string(),
      RefreshToken: z.string(),
      UserId: z.string().describe("The player's Twitch user id"),
      Login: z.string().describe("The player's Twitch login"),
      ExpiresAt: z.number().int().describe('When the access token expires (epoch ms)'),
    }),
  })
  .meta({ id: 'TwitchTokensResponse' });

export const DataConnectionSchema = z
  .object({
    Service: DataConnectionServiceSchema,
    Game: GameSystemNameSchema,
    UserId: z.string().describe("The player's id at the service"),
    Login: z.string(),
    Scopes: z.array(z.string()),
    ConnectedAt: z.number().int(),
    UpdatedAt: z.number().int(),
  })
  .meta({ id: 'DataConnection' });

export const DataConnectionsResponseSchema = z
  .object({
    Connections: z.array(DataConnectionSchema),
    Connectable: z
      .array(z.object({ Service: DataConnectionServiceSchema, Game: GameSystemNameSchema }))
      .describe('The services each game lets a player connect on this server (its Twitch application)'),
  })
  .meta({ id: 'DataConnectionsResponse' });
export type DataConnectionsResponse = z.infer<typeof DataConnectionsResponseSchema>;
