import type { AppContext } from '../../../context.js';
import { ServiceUnavailableError } from '../../../errors.js';
import { safeRedirect } from '../../../lib/redirects.js';
import { hashToken } from '../../../lib/tokens.js';
import { accountForIdentity } from '../../accounts/identity-service.js';
import { createTempToken } from '../../auth/temp-tokens.js';
import { steamOpenIdLoginUrl, verifySteamOpenId } from './steam-openid.js';
import * as repo from './steam-repository.js';

/** Where Steam sends the player back (our callback, before its query). */
export const STEAM_OPENID_RETURN_PATH = '/api/v1/auth/steam/openid/return';

const openIdUrlOf = (ctx: AppContext) => {
  const steam = ctx.config.platforms.steam;
  if (!steam) throw new ServiceUnavailableError('Steam sign-in');
  return steam.openIdUrl;
};

/** Steam's login page for this site, returning to our callback with the page to open after it. */
export function steamOpenIdStart(ctx: AppContext, returnTo: string | undefined): string {
  const target = safeRedirect(returnTo ?? '/', ctx.config.publicUrl, ctx.config.redirectAllowlist);
  const origin = new URL(ctx.config.publicUrl).origin;
  const callback = `${origin}${STEAM_OPENID_RETURN_PATH}?${new URLSearchParams({ ReturnTo: target })}`;
  return steamOpenIdLoginUrl(openIdUrlOf(ctx), callback, `${origin}/`);
}

/**
 * Steam's positive assertion turned into an fxid session for its SteamID (the same account as
 * the Steam desktop sign-in: identity type Steam), handed to the portal as a temp token (its
 * LoginWithTempToken page spends it and opens ReturnTo). Nothing is written unless Steam confirmed it.
 */
export async function steamOpenIdReturn(ctx: AppContext, query: string, geoCountry: string | null): Promise<string> {
  const endpoint = openIdUrlOf(ctx);
  const params = new URLSearchParams(query);
  const origin = new URL(ctx.config.publicUrl).origin;
  const steamId = await verifySteamOpenId(params, {
    endpoint,
    checkUrl: endpoint,
    returnTo: `${origin}${STEAM_OPENID_RETURN_PATH}`,
    nowMs: ctx.now(),
    spendNonce: (nonce) => repo.spendTicket(ctx.db, hashToken(`openid:${nonce}`), ctx.now()),
  });
  // Where to go is read from the return_to Steam confirmed, never from the query beside it.
  const confirmed = new URL(params.get('openid.return_to') ?? '', origin).searchParams.get('ReturnTo');
  const target = safeRedirect(confirmed ?? '/', ctx.config.publicUrl, ctx.config.redirectAllowlist);
  const tempToken = await ctx.db.transaction().execute(async (trx) => {
    const { accountId } = await accountForIdentity(
      trx,
      { type: 'Steam', id: steamId },
      { geoCountry, locale: undefined },
      ctx.now(),
    );
    const bearer = await ctx.sessions.create(accountId, trx);
    return { accountId, bearer };
  });
  ctx.metrics.signedIn('Steam');
  const token = await createTempToken(ctx, tempToken, { redirectUri: target });
  return `${ctx.config.portal.routerBasePath}LoginWithTempToken?${new URLSearchParams({ token })}`;
}
