import { randomInt } from 'node:crypto';
import type { PlatformName } from '@fxid/contract';
import type { AppContext } from '../../context.js';
import { lockForTransaction } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { createPaidPlatformOrder } from '../store/platform-orders.js';
import type { ProductRecord } from '../store/products-service.js';
import * as repo from './platform-purchases-repository.js';

export interface ConfirmedPlatformPurchase {
  adapter: string;
  platform: PlatformName;
  game: GameRecord;
  product: ProductRecord;
  accountId: string;
  externalOrderId: string;
  /** What the platform charged, in its own units (VK: votes). */
  externalAmount: number;
  /** A platform test notification: its own key space, never a real order's (platform-protocols.md R2). */
  test: boolean;
  locale: string | undefined;
}

/** The app order id already answered for a platform order, if it was taken before. */
export async function knownAppOrderId(ctx: AppContext, key: repo.PlatformOrderKey): Promise<number | undefined> {
  const known = await repo.findPlatformPurchase(ctx.db, key);
  return known && Number(known.app_order_id);
}

export interface TakenPlatformPurchase {
  appOrderId: number;
  /** The order the purchase made (by this call, or by the first one). */
  orderId: string;
  /** Whose it is: the account of the first call, whoever asks again. */
  accountId: string;
  duplicate: boolean;
}

/**
 * Takes a purchase the platform confirmed, exactly once per platform order: the first
 * notification creates and pays the order (one transaction with its record here); a
 * repeat, sequential or concurrent, finds the record and gets the same app order id.
 */
export async function takePlatformPurchase(
  ctx: AppContext,
  input: ConfirmedPlatformPurchase,
): Promise<TakenPlatformPurchase> {
  const key = {
    platform: input.adapter,
    gameId: input.game.id,
    externalOrderId: input.externalOrderId,
    test: input.test,
  };
  return ctx.db.transaction().execute(async (trx) => {
    // Repeats of one order wait here for the first to commit; the UNIQUE index stays the backstop.
    await lockForTransaction(trx, `platform-purchase:${key.platform}:${key.gameId}:${key.externalOrderId}`);
    const known = await repo.findPlatformPurchase(trx, key);
    if (known) {
      return {
        appOrderId: Number(known.app_order_id),
        orderId: known.order_id,
        accountId: known.account_id,
        duplicate: true,
      };
    }
    const provider = input.test ? `${input.adapter}-test` : input.adapter;
    const order = await createPaidPlatformOrder(ctx, trx, {
      accountId: input.accountId,
      game: input.game,
      product: input.product,
      platform: input.platform,
      provider,
      providerRef: input.externalOrderId,
      locale: input.locale,
      cause: `${provider} order ${input.externalOrderId} paid (${input.externalAmount} platform units)`,
    });
    // A number, as VK wants it; random so that it reveals nothing about order volume.
    const appOrderId = randomInt(1, 2 ** 48 - 1);
    await repo.insertPlatformPurchase(trx, {
      id: newId(),
      platform: input.adapter,
      game_id: input.game.id,
      external_order_id: input.externalOrderId,
      app_order_id: appOrderId,
      order_id: order.id,
      account_id: input.accountId,
      sku: input.product.row.sku,
      external_amount: input.externalAmount,
      test: input.test ? 1 : 0,
      created_at: ctx.now(),
    });
    return { appOrderId, orderId: order.id, accountId: input.accountId, duplicate: false };
  });
}
