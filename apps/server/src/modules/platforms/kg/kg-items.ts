import type { KongregateItemsResponse } from '@fxid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ForbiddenError, PlatformAuthError } from '../../../errors.js';
import { findIdentityOfAccount } from '../../accounts/identity-service.js';
import { findProduct } from '../../catalog/products-service.js';
import { platformOrderPublicId } from '../../store/platform-orders.js';
import { requireGameOnPlatform } from '../../store/store-front-service.js';
import { takePlatformPurchase } from '../platform-purchases.js';
import type { KongregateUserItem } from './kg-api.js';
import { kongregatePriceOf, requireKongregateApi } from './kg-games.js';

type ItemAnswer = KongregateItemsResponse['Items'][number];

/**
 * `POST /kongregate/items/{Game}` after `mtx.purchaseItems` (platform-protocols.md §3): the
 * player's game auth token must authenticate at Kongregate as the Kongregate user the account
 * signed in as; their unused items are then read from Kongregate (never from the client). Each
 * item of a product sold on Kongregate pays one order, once per Kongregate item id (a repeat,
 * or the item read again, finds the same order), and is then used up on Kongregate.
 */
export async function takeKongregateItems(
  ctx: AppContext,
  accountId: string,
  gameName: string,
  gameAuthToken: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<KongregateItemsResponse> {
  const game = await requireGameOnPlatform(ctx, gameName, 'Kongregate');
  const api = requireKongregateApi(ctx, game);
  const userId = await findIdentityOfAccount(ctx.db, accountId, 'Kongregate');
  if (!userId) throw new ForbiddenError('Kongregate user is missing! Sign in with Kongregate to buy');
  if (!(await api.authenticate(userId, gameAuthToken)).ok) {
    throw new PlatformAuthError('platform_sign_invalid', 'Kongregate', 'token_not_this_user');
  }
  const unused = (await api.userItems(userId)).filter((item) => item.remainingUses !== 0);
  const answers: ItemAnswer[] = [];
  for (const item of unused) {
    const answer = await takeItem(ctx, game, accountId, item);
    answers.push(answer);
    // Used up on Kongregate only once the order is ours; a failure leaves it for the next check.
    if (answer.Success && !(await api.useItem(userId, gameAuthToken, item.id))) {
      log.warn({ itemId: item.id }, 'Kongregate did not use up a taken item; the next check finds its order');
    }
  }
  return { Items: answers };
}

async function takeItem(
  ctx: AppContext,
  game: Parameters<typeof takePlatformPurchase>[1]['game'],
  accountId: string,
  item: KongregateUserItem,
): Promise<ItemAnswer> {
  const refuse = (code: ItemAnswer['ErrorCode']): ItemAnswer => ({
    ItemId: item.id,
    Success: false,
    Sku: item.identifier,
    TransactionId: null,
    ErrorCode: code,
  });
  const product = await findProduct(ctx.db, game.id, item.identifier);
  const price = product && kongregatePriceOf(product);
  if (!product || price === undefined) return refuse('platform_product_unknown');
  const taken = await takePlatformPurchase(ctx, {
    adapter: 'kg',
    platform: 'Kongregate',
    game,
    product,
    accountId,
    externalOrderId: item.id,
    externalAmount: price,
    test: false,
    locale: undefined,
  });
  if (taken.accountId !== accountId) return refuse('platform_purchase_taken');
  return {
    ItemId: item.id,
    Success: true,
    Sku: item.identifier,
    TransactionId: (await platformOrderPublicId(ctx, taken.orderId)) ?? null,
    ErrorCode: null,
  };
}
