import type { AppContext } from '../../../context.js';
import { GameNotFoundError, InvalidTokenError } from '../../../errors.js';
import { hashToken } from '../../../lib/tokens.js';
import { connectionOfGameUid } from '../../accounts/accounts-service.js';
import { spendIdToken } from '../firebase/spent-id-tokens-repository.js';
import { verifyGameAccessToken } from './game-access-token.js';

/**
 * `authenticate_from_game` (the `LoginFromGame/{game}/{token}` page): a game hands its player to
 * the portal with a GameAccessToken it was given. The token hands over once (its id is spent,
 * so a link caught from history or a log signs nobody in again), for its own game only. When the
 * game account it names is still on the player's account, the answer is a portal session;
 * otherwise (moved to another account since) the game account's name, and no session.
 */
export async function authenticateFromGame(ctx: AppContext, input: { Token: string; Game: string }) {
  const record = await ctx.catalog.find(input.Game);
  if (!record) throw new GameNotFoundError(input.Game);
  const access = await verifyGameAccessToken(ctx, input.Token, input.Game);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await spendIdToken(trx, hashToken(`game-access:${access.jti}`), access.expiresAt, now))) {
      throw new InvalidTokenError('game access token');
    }
    const connection = await connectionOfGameUid(trx, record.id, access.gameUid);
    if (connection?.account_id !== access.accountId) {
      return { IsConnected: false, NotConnectedData: { GameAccountName: access.gameUid } };
    }
    return { IsConnected: true, ConnectedData: { Token: await ctx.sessions.create(access.accountId, trx) } };
  });
}
