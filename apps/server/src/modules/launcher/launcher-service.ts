import type { LauncherBranchDefinition, LauncherManifest } from '@fxid/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { spendToken } from '../../db/single-use-tokens.js';
import { LauncherError } from '../../errors.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';
import type { GameCatalog } from '../catalog/game-catalog.js';
import type { ArtifactDigest, ArtifactDigests } from './artifact-digests.js';
import { artifactOf, branchOf, type GameLauncher, gameLauncher } from './launcher-catalog.js';
import { mayDownload } from './launcher-keys-service.js';
import { deleteExpiredSessions, insertDownloadSession, unlockedBranches } from './launcher-repository.js';

/** How long a download session may wait for its GET: long enough to start, short enough not to be shared. */
export const DOWNLOAD_SESSION_TTL_MS = 10 * 60_000;

export interface LauncherDeps {
  db: Kysely<Database>;
  catalog: GameCatalog;
  digests: ArtifactDigests;
  now: () => number;
  /** Origin plus `/api/v1`, for the absolute URLs handed to launchers. */
  apiBase: string;
}

/** The branches an account may download: those open to all and those its keys unlocked. */
export async function availableBranches(deps: LauncherDeps, accountId: string, game: string) {
  const found = await gameLauncher(deps.catalog, game);
  const unlocked = await unlockedBranches(deps.db, accountId, found.gameId);
  return {
    Branches: found.launcher.Branches.filter((branch) => !branch.RequiresKey || unlocked.has(branch.Name)).map(
      (branch) => ({
        Name: branch.Name,
        Platform: branch.Release.Platform,
        BuildNumber: branch.Release.BuildNumber,
        Version: branch.Release.Version,
        Unlocked: unlocked.has(branch.Name),
      }),
    ),
  };
}

/** A branch the caller may download, or launcher_branch_locked. */
async function accessibleBranch(
  deps: LauncherDeps,
  accountId: string | undefined,
  found: GameLauncher,
  name: string,
): Promise<LauncherBranchDefinition> {
  const branch = branchOf(found, name);
  if (!(await mayDownload(deps.db, accountId, found.gameId, branch))) {
    throw new LauncherError('launcher_branch_locked', `Activate a key of ${found.game}/${name} first`, {
      Game: found.game,
      Branch: name,
    });
  }
  return branch;
}

/** The size and SHA-256 of an artifact file, or launcher_artifact_missing when the file is absent. */
async function digestOf(deps: LauncherDeps, path: string, artifact: string): Promise<ArtifactDigest> {
  const digest = await deps.digests.of(path);
  if (!digest)
    throw new LauncherError('launcher_artifact_missing', `The file of ${artifact} is missing`, { Artifact: artifact });
  return digest;
}

/** The launcher manifest of a branch (portal spec §3), sizes and hashes computed from the files. */
export async function launcherManifest(
  deps: LauncherDeps,
  accountId: string,
  game: string,
  branchName: string,
): Promise<LauncherManifest> {
  const found = await gameLauncher(deps.catalog, game);
  const branch = await accessibleBranch(deps, accountId, found, branchName);
  const artifacts = await Promise.all(
    branch.Artifacts.map(async (artifact) => {
      const full = await digestOf(deps, artifact.File, artifact.Name);
      const patch = artifact.PatchFile ? await digestOf(deps, artifact.PatchFile, artifact.Name) : undefined;
      return {
        Name: artifact.Name,
        ContentType: artifact.ContentType,
        FullSize: full.size,
        PatchSize: patch?.size ?? null,
        Hash: full.sha256,
        HashAlgorithm: 'SHA-256' as const,
        TorrentUrl: artifact.TorrentUrl ?? null,
        HttpDownload: `${deps.apiBase}/ftl_integration/${game}/launcher/request_download`,
        ManifestUrl: artifact.ManifestUrl ?? null,
      };
    }),
  );
  return {
    Game: game,
    Branch: branch.Name,
    Configuration: found.launcher.Configuration,
    Release: { ...branch.Release, PreviousBuildNumber: branch.Release.PreviousBuildNumber ?? null },
    Artifacts: artifacts,
  };
}

/**
 * A download session for one artifact: the caller must be allowed the branch now (signed
 * in with its key, or the branch is open to all). The session id is returned once; only
 * its hash is stored.
 */
export async function requestDownload(
  deps: LauncherDeps,
  accountId: string | undefined,
  game: string,
  request: { Branch: string; Artifact: string },
) {
  const found = await gameLauncher(deps.catalog, game);
  const branch = await accessibleBranch(deps, accountId, found, request.Branch);
  const artifact = artifactOf(found, branch, request.Artifact);
  const digest = await digestOf(deps, artifact.File, artifact.Name);
  const sessionId = newSecretToken();
  const now = deps.now();
  const expiresAt = now + DOWNLOAD_SESSION_TTL_MS;
  await deleteExpiredSessions(deps.db, now - DOWNLOAD_SESSION_TTL_MS);
  await insertDownloadSession(deps.db, {
    token_hash: hashToken(sessionId),
    game_id: found.gameId,
    branch: branch.Name,
    artifact: artifact.Name,
    account_id: accountId ?? null,
    created_at: now,
    expires_at: expiresAt,
  });
  return {
    SessionId: sessionId,
    DownloadUrl: `${deps.apiBase}/ftl_integration/${game}/launcher/download/${sessionId}`,
    ExpiresAt: expiresAt,
    Size: digest.size,
    Hash: digest.sha256,
  };
}

/** What a download streams: the artifact's file, name, type and digest. */
export interface DownloadTarget {
  file: string;
  name: string;
  contentType: string;
  digest: ArtifactDigest;
}

/**
 * Spends a download session (one GET each; a resumed download asks for a new session and
 * sends a Range) and names the file it is for. The session must belong to this game.
 */
export async function openDownload(deps: LauncherDeps, game: string, sessionId: string): Promise<DownloadTarget> {
  const found = await gameLauncher(deps.catalog, game);
  const result = await spendToken(deps.db, 'launcher_download_sessions', hashToken(sessionId), deps.now(), (eb) =>
    eb('game_id', '=', found.gameId),
  );
  if (!result.spent) {
    if (result.failure === 'used') throw new LauncherError('download_session_used', 'This download session was used');
    if (result.failure === 'expired') {
      throw new LauncherError('download_session_expired', 'This download session has expired');
    }
    throw new LauncherError('download_session_unknown', 'No such download session');
  }
  const branch = branchOf(found, result.row.branch);
  const artifact = artifactOf(found, branch, result.row.artifact);
  return {
    file: artifact.File,
    name: artifact.Name,
    contentType: artifact.ContentType,
    digest: await digestOf(deps, artifact.File, artifact.Name),
  };
}

/** A direct download, with no session: only for branches open to all (a demo, the launcher itself). */
export async function directDownload(
  deps: LauncherDeps,
  game: string,
  query: { Branch: string; Artifact: string },
): Promise<DownloadTarget> {
  const found = await gameLauncher(deps.catalog, game);
  const branch = await accessibleBranch(deps, undefined, found, query.Branch);
  const artifact = artifactOf(found, branch, query.Artifact);
  return {
    file: artifact.File,
    name: artifact.Name,
    contentType: artifact.ContentType,
    digest: await digestOf(deps, artifact.File, artifact.Name),
  };
}
