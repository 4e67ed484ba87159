import type { AbsoluteGamesPaymentBlock, PlatformPaymentResponse } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../errors.js';
import { findIdentityOfAccount } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct } from '../../catalog/products-service.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { requireAgApp } from './ag-apps.js';
import { issueAgPaymentToken } from './ag-payment-token.js';
import { agPriceOf } from './ag-payments.js';
import { agLaunchQueryOf, verifyAgLogin } from './ag-sign-in.js';

/**
 * POST /platforms/payment for Absolute Games: the request's AbsoluteGames block (the game
 * iframe's signed parameters, spec store §3) must verify and name a logged-in AG player who is
 * this account's; a guest gets 'Not authorized' (spec store §4). The answer's
 * AbsoluteGames.Token is for the host's ShowPayment; nothing is stored or charged here: AG's
 * signed payment notification makes the order, once.
 */
export async function startAgPayment(
  ctx: AppContext,
  accountId: string,
  game: GameRecord,
  input: { sku: string; absoluteGames?: AbsoluteGamesPaymentBlock | undefined },
): Promise<PlatformPaymentResponse> {
  const app = requireAgApp(ctx, game);
  if (!input.absoluteGames) {
    throw new ValidationError([
      { Field: 'body.AbsoluteGames', Message: 'AbsoluteGames payload is required for AbsoluteGames payments' },
    ]);
  }
  const player = verifyAgLogin(ctx, app, agLaunchQueryOf(input.absoluteGames));
  if (player.guest) throw new ForbiddenError('Not authorized');
  if ((await findIdentityOfAccount(ctx.db, accountId, 'AbsoluteGames')) !== player.playerId) {
    throw new ForbiddenError('Not authorized: the Absolute Games player is not the signed-in account');
  }
  const product = await findProduct(ctx.db, game.id, input.sku);
  const amount = product && agPriceOf(product);
  if (!product || amount === undefined) throw new NotFoundError('Product on Absolute Games');
  await assertCanBuyProduct(ctx, accountId, game.id, product);
  const { token, ref } = issueAgPaymentToken(app, game.id, accountId, {
    sku: product.row.sku,
    amount,
    currency: 'RUB',
    player_id: player.playerId,
  });
  return { OrderId: ref, Price: { Amount: amount, Currency: 'RUB' }, AbsoluteGames: { Token: token } };
}
