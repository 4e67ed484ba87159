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
  .object({ Connections: z.array(DataConnectionSchema) })
  .meta({ id: 'DataConnectionsResponse' });
export type DataConnectionsResponse = z.infer<typeof DataConnectionsResponseSchema>;
