import type { PlatformName } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError } from '../../errors.js';
import { gameConnection } from '../accounts/profile-service.js';
import { adapterOf, getPublicGameConfig } from '../games/games-service.js';

/** The portal's configuration for a game on the platform it runs on. */
export async function chooseGame(ctx: AppContext, game: string, platform: PlatformName) {
  const config = await getPublicGameConfig(ctx, game, platform);
  return {
    PortalConfig: {
      Platform: config.PublicWebClientConfig.Platform,
      Adapter: adapterOf(platform) ?? 'fxid',
      CompanyBranding: config.CompanyBranding,
      PublicWebClientConfig: config.PublicWebClientConfig,
    },
    PublicGameData: config.PublicGameData,
  };
}

/**
 * Launch data for a game: where it loads from and, for a signed-in player, a
 * GameJwt naming the player's id in that game.
 */
export async function launchGame(ctx: AppContext, game: string, platform: PlatformName, accountId: string | undefined) {
  // Refuses unknown games and platforms the game is not published on.
  const config = await getPublicGameConfig(ctx, game, platform);
  const record = await ctx.catalog.find(game);
  if (!record) throw new GameNotFoundError(game);
  const { definition } = record;
  const adapter = adapterOf(platform) ?? 'fxid';
  let gameJwt: string | undefined;
  if (accountId) {
    const connection = await gameConnection(ctx, accountId, game);
    gameJwt = await ctx.gameJwt.sign({
      sub: connection.GameUid,
      aud: game,
      account_id: accountId,
      platform: config.PublicWebClientConfig.Platform,
    });
  }
  const unity = definition.Unity;
  return {
    ...(gameJwt ? { GameJwt: gameJwt } : {}),
    ...(definition.PlayGameType === 'Iframe' && definition.IframeUrl
      ? { IframeGame: { IframeUrl: definition.IframeUrl } }
      : {}),
    ...(definition.PlayGameType === 'Unity' && unity
      ? {
          UnityGameConfig: {
            BaseUrl: unity.BaseUrl,
            BaseBuildUrl: unity.BaseBuildUrl ?? `${unity.BaseUrl.replace(/\/$/, '')}/Build`,
            UnityBuildJson: unity.UnityBuildJson,
            Compression: unity.Compression,
          },
        }
      : {}),
    LaunchData: { AppendToQuery: new URLSearchParams({ fxplatform: adapter }).toString() },
  };
}

/** Compares dotted versions numerically: 1.10 is newer than 1.9. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map(Number);
  const right = b.split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** The builds of a game a portal of the given version can run, newest first. */
export async function listBuilds(ctx: AppContext, game: string, otaVersion: string) {
  const record = await ctx.catalog.find(game);
  if (!record) throw new GameNotFoundError(game);
  const builds = record.definition.Builds.filter(
    (build) => !build.MinOtaVersion || compareVersions(build.MinOtaVersion, otaVersion) <= 0,
  ).sort((a, b) => b.BuildNumber - a.BuildNumber);
  return {
    Builds: builds.map((build) => ({
      Id: `${game}-${build.BuildNumber}`,
      GameId: record.id,
      BuildType: build.BuildType,
      Sha: build.Sha,
      Description: build.Description,
      ChangeSet: build.ChangeSet,
      CreatedAt: new Date(build.CreatedAt).toISOString(),
      BuildNumber: build.BuildNumber,
      Metadata: build.Metadata,
      ...(build.InstallUrl ? { InstallUrl: build.InstallUrl } : {}),
    })),
  };
}
