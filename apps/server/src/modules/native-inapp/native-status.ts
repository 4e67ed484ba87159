import type { NativeStatusQuery, NativeStatusResponse } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { GameNotFoundError } from '../../errors.js';
import { appStoreOf, googlePlayOf } from './native-stores.js';

/**
 * `GET /native/status` (spec store §7): what a wrapper app needs before it sells: whether the
 * session token it holds is live (and whose account its purchases must be bound to), which of
 * the two stores this server validates for the game, and the countries it sent, normalized.
 */
export async function nativeStatus(ctx: AppContext, query: NativeStatusQuery): Promise<NativeStatusResponse> {
  const game = await ctx.catalog.find(query.Game);
  if (!game) throw new GameNotFoundError(query.Game);
  const accountId = query.Token ? ((await ctx.sessions.resolve(query.Token)) ?? null) : null;
  const play = googlePlayOf(ctx, query.Game);
  const appStore = appStoreOf(ctx, query.Game);
  return {
    Game: query.Game,
    Token: { Valid: accountId !== null, AccountId: accountId },
    GooglePlay: { Available: play !== undefined, PackageName: play?.packageName ?? null },
    AppStore: {
      Available: appStore !== undefined,
      BundleId: appStore?.app.bundleId ?? null,
      Environment: appStore?.config.environment ?? null,
    },
    AppStoreCountry: query.AppStoreCountry?.toUpperCase() ?? null,
    GooglePlayCountry: query.GooglePlayCountry?.toUpperCase() ?? null,
    ClientCountryAlpha3: query.ClientCountryAlpha3?.toUpperCase() ?? null,
  };
}
