import { errors } from 'jose';
import type { AppContext } from '../../../context.js';
import { ExpiredTokenError, InvalidTokenError } from '../../../errors.js';
import { newId } from '../../../lib/ids.js';

const WHAT = 'game access token';

/** A verified GameAccessToken: whose, for which game, and its id (spent once when it hands the player over). */
export interface GameAccess {
  accountId: string;
  gameUid: string;
  jti: string;
  expiresAt: number;
}

/**
 * A GameAccessToken: a GameJwt (ES256, the published keys) marked for external-id use and with
 * its own id. Asymmetric on purpose: a game's server can check it, but only fxid can make one,
 * so no game server can mint a token that signs a player in to the portal.
 */
export function issueGameAccessToken(
  ctx: Pick<AppContext, 'gameJwt'>,
  input: { accountId: string; game: string; gameUid: string },
): Promise<string> {
  return ctx.gameJwt.sign({
    sub: input.gameUid,
    aud: input.game,
    account_id: input.accountId,
    platform: 'FxId',
    token_use: 'external_game_access',
    jti: newId(),
  });
}

/**
 * Verifies a GameAccessToken for one game: signature (pinned ES256, published keys), issuer,
 * audience = this game, expiry, and its external-id mark; a plain GameJwt is refused.
 */
export async function verifyGameAccessToken(
  ctx: Pick<AppContext, 'gameJwt'>,
  token: string,
  game: string,
): Promise<GameAccess> {
  let payload: Awaited<ReturnType<AppContext['gameJwt']['verify']>>;
  try {
    payload = await ctx.gameJwt.verify(token, game);
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new ExpiredTokenError(WHAT);
    throw new InvalidTokenError(WHAT);
  }
  const { sub, jti, exp, account_id: accountId, token_use: use } = payload;
  if (use !== 'external_game_access' || typeof accountId !== 'string' || !sub || !jti || !exp) {
    throw new InvalidTokenError(WHAT);
  }
  return { accountId, gameUid: sub, jti, expiresAt: exp * 1000 };
}
