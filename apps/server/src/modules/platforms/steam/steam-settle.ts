import type { SteamSettled } from '@fxid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { NotFoundError, ProductAlreadyOwnedError, PurchaseInProgressError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct } from '../../catalog/products-service.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { platformOrderPublicId } from '../../store/platform-orders.js';
import { takePlatformPurchase } from '../platform-purchases.js';
import { findPlatformPurchase } from '../platform-purchases-repository.js';
import { requireSteamApi } from './steam-apps.js';
import * as repo from './steam-repository.js';
import type { SteamTxn, SteamWebApi } from './steam-web-api.js';

/**
 * Settles Steam microtransactions (platform-protocols.md §4b): what Steam says (QueryTxn) decides,
 * never the client's MicroTxnAuthorizationResponse. An approved transaction is charged
 * (FinalizeTxn) and only then its order is made and paid, once per orderid (takePlatformPurchase);
 * one Steam finalized while we did not hear (a crash, a closed page) is delivered on the next call.
 */

type Log = Pick<FastifyBaseLogger, 'error'>;

const purchaseKey = (ctx: AppContext, row: repo.SteamTransactionRow) => ({
  platform: 'steam',
  gameId: row.game_id,
  externalOrderId: row.order_id,
  test: !!ctx.config.platforms.steam?.sandbox,
});

const answer = (
  row: repo.SteamTransactionRow,
  status: SteamSettled['Status'],
  extra: Partial<Pick<SteamSettled, 'TransactionId' | 'ErrorCode'>> = {},
): SteamSettled => ({
  OrderId: row.order_id,
  Status: status,
  Sku: row.sku,
  TransactionId: extra.TransactionId ?? null,
  ErrorCode: extra.ErrorCode ?? null,
});

/** Ends an open transaction failed (nothing charged by us, or Steam failed it). */
async function fail(ctx: AppContext, row: repo.SteamTransactionRow, errorCode: SteamSettled['ErrorCode'] = null) {
  await repo.moveTransaction(ctx.db, row.order_id, 'Open', 'Failed', ctx.now());
  return answer(row, 'Failed', { ErrorCode: errorCode });
}

/** Whether Steam's record is the transaction we opened: the same user, item, amount and currency. */
function matches(row: repo.SteamTransactionRow, txn: SteamTxn): boolean {
  const [item, extra] = txn.items;
  return (
    txn.steamid === row.steam_id &&
    txn.currency === row.currency &&
    !extra &&
    item?.itemid === row.sku &&
    item.qty === 1 &&
    item.amount === row.amount
  );
}

/** Makes and pays the order of a transaction Steam finalized; a repeat finds the same order. */
async function deliver(ctx: AppContext, game: GameRecord, row: repo.SteamTransactionRow, log: Log) {
  const product = await findProduct(ctx.db, game.id, row.sku);
  if (!product) {
    log.error({ orderId: row.order_id }, 'Steam charged for a product no longer in the catalog');
    return fail(ctx, row, 'platform_product_unknown');
  }
  try {
    const taken = await takePlatformPurchase(ctx, {
      adapter: 'steam',
      platform: 'Steam',
      game,
      product,
      accountId: row.account_id,
      externalOrderId: row.order_id,
      externalAmount: row.amount,
      test: purchaseKey(ctx, row).test,
      locale: undefined,
      developerPayload: row.developer_payload,
      onTaken: async (trx) => {
        await repo.moveTransaction(trx, row.order_id, 'Open', 'Delivered', ctx.now());
      },
    });
    return answer(row, 'Delivered', { TransactionId: (await platformOrderPublicId(ctx, taken.orderId)) ?? null });
  } catch (error) {
    if (!(error instanceof ProductAlreadyOwnedError || error instanceof PurchaseInProgressError)) throw error;
    // Charged by Steam, yet a racing order of this one-time product was paid first: support refunds it.
    log.error({ orderId: row.order_id, sku: row.sku }, 'Steam finalized a purchase of a product already owned');
    return fail(ctx, row, 'product_already_owned');
  }
}

/** Charges an approved transaction unless the player may not buy the product any more. */
async function finalize(ctx: AppContext, game: GameRecord, api: SteamWebApi, row: repo.SteamTransactionRow, log: Log) {
  const product = await findProduct(ctx.db, game.id, row.sku);
  if (!product) return fail(ctx, row, 'platform_product_unknown');
  try {
    await assertCanBuyProduct(ctx, row.account_id, game.id, product);
  } catch (error) {
    if (error instanceof ProductAlreadyOwnedError || error instanceof PurchaseInProgressError) {
      return fail(ctx, row, 'product_already_owned');
    }
    throw error;
  }
  const finalized = await api.finalizeTxn(row.order_id);
  if (finalized.ok) return deliver(ctx, game, row, log);
  // Another call may have finalized it meanwhile, or Steam failed the charge: Steam's record decides.
  const again = await api.queryTxn(row.order_id);
  if (again.ok && again.status === 'Succeeded' && matches(row, again)) return deliver(ctx, game, row, log);
  return again.ok && again.status === 'Approved' ? answer(row, 'Waiting') : fail(ctx, row);
}

async function settleOne(ctx: AppContext, game: GameRecord, api: SteamWebApi, row: repo.SteamTransactionRow, log: Log) {
  if (row.status === 'Delivered') {
    const known = await findPlatformPurchase(ctx.db, purchaseKey(ctx, row));
    return answer(row, 'Delivered', {
      TransactionId: (known && (await platformOrderPublicId(ctx, known.order_id))) ?? null,
    });
  }
  if (row.status !== 'Open') return answer(row, 'Failed');
  const txn = await api.queryTxn(row.order_id);
  if (!txn.ok) return fail(ctx, row);
  if (!matches(row, txn)) {
    log.error({ orderId: row.order_id, steam: txn }, 'Steam transaction does not match the one opened');
    return fail(ctx, row, 'platform_price_mismatch');
  }
  if (txn.status === 'Init') return answer(row, 'Waiting');
  if (txn.status === 'Approved') return finalize(ctx, game, api, row, log);
  if (txn.status === 'Succeeded') return deliver(ctx, game, row, log);
  // Failed (denied in the overlay, a failed charge), or refunded before we delivered it.
  return fail(ctx, row);
}

/**
 * One transaction of the player (OrderId), or all of theirs still open in the game. Another
 * player's or game's orderid is not found (nothing about it is told).
 */
export async function settleSteamTransactions(
  ctx: AppContext,
  accountId: string,
  game: GameRecord,
  orderId: string | undefined,
  log: Log,
): Promise<SteamSettled[]> {
  const { api } = requireSteamApi(ctx, game);
  let rows: repo.SteamTransactionRow[];
  if (orderId) {
    const row = await repo.findTransaction(ctx.db, orderId);
    if (!row || row.account_id !== accountId || row.game_id !== game.id) throw new NotFoundError('Steam transaction');
    rows = [row];
  } else {
    rows = await repo.findOpenTransactions(ctx.db, accountId, game.id);
  }
  const settled: SteamSettled[] = [];
  for (const row of rows) settled.push(await settleOne(ctx, game, api, row, log));
  return settled;
}
