import { z } from 'zod';

/**
 * The desktop launcher (spec "Launcher", portal spec §3 "Launcher manifest"): branches of a
 * game's desktop builds, keys that unlock them, download sessions and the manifest.
 */

/** A branch name, unique within its game (e.g. `stable`, `beta`). */
export const LauncherBranchNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, 'Expected lower-case letters, digits, _, . or - (at most 64)')
  .meta({ id: 'LauncherBranchName' });

/** An artifact's name, unique within its branch (the file name the launcher saves). */
export const LauncherArtifactNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/, 'Expected letters, digits, _, . or - (at most 128)')
  .meta({ id: 'LauncherArtifactName' });

export const LauncherPlatformSchema = z
  .enum(['Windows', 'MacOS', 'Linux'])
  .describe('The desktop operating system a release runs on')
  .meta({ id: 'LauncherPlatform' });

/**
 * A file under LAUNCHER_ARTIFACTS_DIR: relative, `/`-separated, no `.` or `..` segment,
 * so no catalog entry can name a file outside that folder.
 */
export const ArtifactPathSchema = z
  .string()
  .regex(
    /^(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/,
    'Expected a relative path of letters, digits, _, . or - segments, without . or ..',
  );

/** An artifact as the catalog defines it; sizes and hashes are computed from the files. */
export const LauncherArtifactDefinitionSchema = z.strictObject({
  Name: LauncherArtifactNameSchema,
  File: ArtifactPathSchema.describe('The full build, relative to LAUNCHER_ARTIFACTS_DIR'),
  ContentType: z
    .string()
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'Expected a media type, e.g. application/zip')
    .default('application/octet-stream'),
  PatchFile: ArtifactPathSchema.optional().describe('A patch from Release.PreviousBuildNumber to this build'),
  TorrentUrl: z.url({ protocol: /^https?$/ }).optional(),
  ManifestUrl: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe('The file list of the build, for launchers that update file by file'),
});

/** A branch: one release for one platform, its artifacts, and who may download it. */
export const LauncherBranchDefinitionSchema = z.strictObject({
  Name: LauncherBranchNameSchema,
  RequiresKey: z
    .boolean()
    .default(true)
    .describe('true: only accounts that activated a key of this branch see and download it'),
  Release: z.strictObject({
    Platform: LauncherPlatformSchema,
    BuildNumber: z.number().int().positive(),
    PreviousBuildNumber: z.number().int().positive().optional().describe('The build that PatchFile patches'),
    Version: z.string().regex(/^\d+(\.\d+){0,3}([-+][\w.-]+)?$/, 'Expected a version, e.g. 1.4.2'),
    CommitHash: z.string().regex(/^[0-9a-f]{7,40}$/, 'Expected a git commit hash'),
  }),
  Artifacts: z.array(LauncherArtifactDefinitionSchema).min(1),
});
export type LauncherBranchDefinition = z.infer<typeof LauncherBranchDefinitionSchema>;

/** A game's launcher block in the catalog (catalog/README.md, "Launcher"). */
export const LauncherDefinitionSchema = z.strictObject({
  Configuration: z
    .record(z.string().regex(/^\w{1,64}$/), z.string().max(1000))
    .default({})
    .describe('Settings handed to the launcher as they are (update channel, news URL, …)'),
  Branches: z.array(LauncherBranchDefinitionSchema).min(1),
});
export type LauncherDefinition = z.infer<typeof LauncherDefinitionSchema>;

export const ActivateKeyRequestSchema = z
  .object({ Key: z.string().trim().min(1).max(64).describe('As printed, e.g. ABCDE-FGHJK-MNPQR-STVWX') })
  .strict()
  .meta({ id: 'ActivateKeyRequest' });

export const ActivateKeyResponseSchema = z
  .object({
    Success: z.literal(true),
    Branch: LauncherBranchNameSchema.describe('The branch the key unlocked for this account'),
  })
  .meta({ id: 'ActivateKeyResponse' });

export const AvailableBranchSchema = z
  .object({
    Name: LauncherBranchNameSchema,
    Platform: LauncherPlatformSchema,
    BuildNumber: z.number().int(),
    Version: z.string(),
    Unlocked: z.boolean().describe('true when a key of this account unlocked it; false for a branch open to all'),
  })
  .meta({ id: 'AvailableBranch' });

export const AvailableBranchesResponseSchema = z
  .object({ Branches: z.array(AvailableBranchSchema) })
  .meta({ id: 'AvailableBranchesResponse' });

export const RequestDownloadRequestSchema = z
  .object({ Branch: LauncherBranchNameSchema, Artifact: LauncherArtifactNameSchema })
  .strict()
  .meta({ id: 'RequestDownloadRequest' });

export const DownloadSessionSchema = z
  .object({
    SessionId: z.string().describe('Names one download; used by one GET of download/{SessionId}'),
    DownloadUrl: z.string().describe('Absolute URL of download/{SessionId}'),
    ExpiresAt: z.number().int().describe('Epoch milliseconds; the session is refused after it'),
    Size: z.number().int().describe('Bytes of the artifact'),
    Hash: z.string().describe('SHA-256 of the artifact, lower-case hex'),
  })
  .meta({ id: 'DownloadSession' });

/** Query parameters are not named schemas: OpenAPI lists them one by one. */
export const DownloadDirectQuerySchema = z.object({
  Branch: z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, 'Expected a branch name'),
  Artifact: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/, 'Expected an artifact name'),
});

export const LauncherArtifactSchema = z
  .object({
    Name: LauncherArtifactNameSchema,
    ContentType: z.string(),
    FullSize: z.number().int().describe('Bytes of the full build'),
    PatchSize: z.number().int().nullable().describe('Bytes of the patch from PreviousBuildNumber; null without one'),
    Hash: z.string().describe('SHA-256 of the full build, lower-case hex, computed from the file'),
    HashAlgorithm: z.literal('SHA-256'),
    TorrentUrl: z.string().nullable(),
    HttpDownload: z.string().describe('POST here (request_download) with Branch and Artifact for a download session'),
    ManifestUrl: z.string().nullable(),
  })
  .meta({ id: 'LauncherArtifact' });

export const LauncherManifestSchema = z
  .object({
    Game: z.string(),
    Branch: LauncherBranchNameSchema,
    Configuration: z.record(z.string(), z.string()),
    Release: z.object({
      Platform: LauncherPlatformSchema,
      BuildNumber: z.number().int(),
      PreviousBuildNumber: z.number().int().nullable(),
      Version: z.string(),
      CommitHash: z.string(),
    }),
    Artifacts: z.array(LauncherArtifactSchema),
  })
  .meta({ id: 'LauncherManifest' });
export type LauncherManifest = z.infer<typeof LauncherManifestSchema>;
