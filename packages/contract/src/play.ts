import { z } from 'zod';
import { UnityCompressionSchema } from './game.js';
import {
  CompanyBrandingSchema,
  GameSystemNameSchema,
  PublicGameDataSchema,
  PublicWebClientConfigSchema,
} from './games.js';
import { AdapterNameSchema, PlatformInputSchema, PlatformSchema } from './platform.js';

export const ChooseGameRequestSchema = z
  .object({
    GameSystemName: GameSystemNameSchema,
    OriginUrl: z.string().max(2048).optional().describe('The page the portal runs in'),
    WebPublishingPlatform: PlatformInputSchema,
  })
  .strict()
  .meta({ id: 'ChooseGameRequest' });

/** How the portal presents itself on the platform it runs on. */
export const PortalConfigSchema = z
  .object({
    Platform: PlatformSchema,
    Adapter: AdapterNameSchema,
    CompanyBranding: CompanyBrandingSchema,
    PublicWebClientConfig: PublicWebClientConfigSchema,
  })
  .meta({ id: 'PortalConfig' });

export const ChooseGameResponseSchema = z
  .object({ PortalConfig: PortalConfigSchema, PublicGameData: PublicGameDataSchema })
  .meta({ id: 'ChooseGameResponse' });

export const PlayGameQuerySchema = z.object({
  OtaVersion: z.string().min(1).max(64).describe('Version of the portal asking'),
  BuildNumber: z.coerce.number().int().nonnegative().describe('Build number of the portal asking'),
  WebPublishingPlatform: PlatformInputSchema,
});

/** What the player needs to start a game (spec §3, "Launch data"). */
export const PlayGameResponseSchema = z
  .object({
    GameJwt: z
      .string()
      .optional()
      .describe(
        'ES256 token for the game server, verifiable with /.well-known/jwks.json; absent for anonymous players',
      ),
    UnityGameConfig: z
      .object({
        BaseUrl: z.string(),
        BaseBuildUrl: z.string(),
        UnityBuildJson: z.string(),
        Compression: UnityCompressionSchema,
      })
      .optional(),
    IframeGame: z.object({ IframeUrl: z.string() }).optional(),
    LaunchData: z.object({ AppendToQuery: z.string().describe('Query parameters to add to the game URL') }),
  })
  .meta({ id: 'PlayGameResponse' });
