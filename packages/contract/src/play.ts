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

export const BuildTypeSchema = z.enum(['Release', 'Beta', 'Development']).meta({ id: 'BuildType' });

/** A published build of a game (spec §3 "Build"). */
export const GameBuildSchema = z
  .object({
    Id: z.string(),
    GameId: z.string(),
    BuildType: BuildTypeSchema,
    Sha: z.string(),
    Description: z.string(),
    ChangeSet: z.string(),
    CreatedAt: z.iso.datetime(),
    BuildNumber: z.number().int(),
    Metadata: z.record(z.string(), z.string()),
    InstallUrl: z.string().optional(),
  })
  .meta({ id: 'GameBuild' });

export const PlayListQuerySchema = z.object({
  OtaVersion: z
    .string()
    .regex(/^\d+(\.\d+)*$/, 'Expected a dotted version, e.g. 1.6')
    .describe('Version of the portal asking; builds that need a newer portal are left out'),
});

export const PlayListResponseSchema = z
  .object({ Builds: z.array(GameBuildSchema).describe('Newest first') })
  .meta({ id: 'PlayListResponse' });
