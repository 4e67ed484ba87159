import type { CreatePaymentRequest } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { ForbiddenError } from '../../../errors.js';
import { findIdentityOfAccount } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { verifyCrazyGamesPlayer } from './crazygames-player.js';

/**
 * CrazyGames sells through the portal's web checkout (in production CrazyGames' own
 * payments partner); what is CrazyGames' is the proof of the buyer: the payment
 * creation request's `CrazyGames {AccessToken}` block (spec store §3) carries the user
 * token, which must verify for this game and name the CrazyGames user the account
 * signed in as. A guest (no token) cannot buy (spec store §6).
 */
export async function authorizeCrazyGamesCheckout(
  ctx: AppContext,
  accountId: string,
  game: GameRecord,
  request: CreatePaymentRequest,
): Promise<void> {
  const token = request.CrazyGames?.AccessToken;
  if (!token) throw new ForbiddenError('No registration to crazygames! A CrazyGames user token is required to buy');
  const player = await verifyCrazyGamesPlayer(ctx, game, token);
  const own = await findIdentityOfAccount(ctx.db, accountId, 'CrazyGames');
  if (own !== player.userId) {
    throw new ForbiddenError('The CrazyGames user token is not of the signed-in player');
  }
}
