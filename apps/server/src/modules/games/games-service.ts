import { adapterForPlatform, type PlatformName, type PublicGameConfigResponse } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError, GameNotOnPlatformError } from '../../errors.js';
import { toGameSummary, toPublicGameData, toWebClientConfig } from './games-presenter.js';

export interface ListOptions {
  locale?: string | undefined;
  platform?: PlatformName | undefined;
}

/** The portal's own site serves callers that name no platform. */
export const adapterOf = (platform: PlatformName | undefined) =>
  platform && platform !== 'Unspecified' ? adapterForPlatform(platform) : 'fxid';

async function publishedGames(ctx: AppContext, platform: PlatformName | undefined) {
  const adapter = adapterOf(platform);
  const games = await ctx.catalog.list();
  return games.filter((game) => platform === undefined || (adapter && game.definition.Platforms.includes(adapter)));
}

export async function listGameSummaries(ctx: AppContext, options: ListOptions) {
  const games = await publishedGames(ctx, options.platform);
  return games.map((game) => toGameSummary(game.definition, options.locale));
}

export async function listGamesWithConfigs(ctx: AppContext, options: ListOptions) {
  const [games, branding] = await Promise.all([publishedGames(ctx, options.platform), ctx.catalog.branding()]);
  return games.map((game) => ({
    ...toGameSummary(game.definition, options.locale),
    Config: toPublicGameData(game.definition, branding),
  }));
}

export async function getPublicGameConfig(
  ctx: AppContext,
  systemName: string,
  platform: PlatformName | undefined,
): Promise<PublicGameConfigResponse> {
  const game = await ctx.catalog.find(systemName);
  if (!game) throw new GameNotFoundError(systemName);
  const adapter = adapterOf(platform);
  if (!adapter || !game.definition.Platforms.includes(adapter)) {
    throw new GameNotOnPlatformError(systemName, platform ?? 'FxId');
  }
  const branding = await ctx.catalog.branding();
  return {
    PublicGameData: toPublicGameData(game.definition, branding),
    PublicWebClientConfig: toWebClientConfig(game.definition, adapter, branding, ctx.config.vapid?.publicKey),
    CompanyBranding: branding,
  };
}
