import { randomInt } from 'node:crypto';
import type { PlatformName, PlatformPaymentRequest, PlatformPurchaseRequest } from '@fxid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { lockForTransaction } from '../../db/database.js';
import { GameNotFoundError, PlatformNotSupportedError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import type { ProductRecord } from '../catalog/products-service.js';
import { unconsumedPurchase } from '../store/ownership-service.js';
import { createPaidPlatformOrder, refundPaidPlatformOrder } from '../store/platform-orders.js';
import { requireGameOnPlatform } from '../store/store-front-service.js';
import * as repo from './platform-purchases-repository.js';
import { serverPlatformFor } from './registry.js';

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
  /** The game's own note, kept with the order. */
  developerPayload?: string | null | undefined;
  /** Runs in the transaction that takes the purchase, only when it is taken now (not for a repeat). */
  onTaken?: ((trx: repo.Db, orderId: string) => Promise<void>) | undefined;
}

/** The app order id already answered for a platform order, if it was taken before. */
export async function knownAppOrderId(ctx: AppContext, key: repo.PlatformOrderKey): Promise<number | undefined> {
  const known = await repo.findPlatformPurchase(ctx.db, key);
  return known && Number(known.app_order_id);
}

/** The sku and app order id of a platform order taken before, if it was. */
export async function knownPlatformPurchase(ctx: AppContext, key: repo.PlatformOrderKey) {
  const known = await repo.findPlatformPurchase(ctx.db, key);
  return known && { sku: known.sku, appOrderId: Number(known.app_order_id) };
}

const lockKey = (key: repo.PlatformOrderKey) =>
  `platform-purchase:${key.platform}:${key.gameId}:${key.externalOrderId}`;

/**
 * The platform refunded an order it had confirmed: its fxid order ends refunded
 * (CancelledPaid) through the state machine, once; a repeat finds it refunded already.
 * Undefined when the platform order was never taken here.
 */
export async function refundPlatformPurchase(
  ctx: AppContext,
  key: repo.PlatformOrderKey,
  cause: string,
): Promise<{ appOrderId: number; outcome: 'refunded' | 'already' | 'not_paid' } | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockForTransaction(trx, lockKey(key));
    const known = await repo.findPlatformPurchase(trx, key);
    if (!known) return undefined;
    const outcome = await refundPaidPlatformOrder(trx, known.order_id, cause, ctx.now());
    return { appOrderId: Number(known.app_order_id), outcome };
  });
}

/**
 * What a platform order (e.g. the order_id VKWebAppShowOrderBox answered) bought for this
 * player, ready for the game: undefined until the platform's signed callback was taken, and
 * when the order is another player's, was consumed or was refunded.
 */
export async function platformOrderPurchase(ctx: AppContext, accountId: string, request: PlatformPurchaseRequest) {
  const platform = serverPlatformFor(request.Platform);
  if (!platform) throw new PlatformNotSupportedError(request.Platform);
  const game = await ctx.catalog.find(request.Game);
  if (!game) throw new GameNotFoundError(request.Game);
  const key = { platform: platform.adapter, gameId: game.id, externalOrderId: request.OrderId };
  for (const record of await repo.findPlatformPurchasesOfAccount(ctx.db, key, accountId)) {
    const purchase = await unconsumedPurchase(ctx, accountId, record.order_id);
    if (purchase) return purchase;
  }
  return undefined;
}

/** Opens the platform's own payment of a product (POST /platforms/payment), where our server starts it. */
export async function createPlatformPayment(
  ctx: AppContext,
  accountId: string,
  request: PlatformPaymentRequest,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const platform = serverPlatformFor(request.Platform);
  if (!platform?.createPayment) throw new PlatformNotSupportedError(request.Platform);
  const game = await requireGameOnPlatform(ctx, request.Game, platform.platform);
  return platform.createPayment(
    ctx,
    accountId,
    game,
    {
      sku: request.Sku,
      developerPayload: request.DeveloperPayload,
      currency: request.Currency,
      absoluteGames: request.AbsoluteGames,
    },
    log,
  );
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
    await lockForTransaction(trx, lockKey(key));
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
      developerPayload: input.developerPayload ?? null,
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
    await input.onTaken?.(trx, order.id);
    return { appOrderId, orderId: order.id, accountId: input.accountId, duplicate: false };
  });
}
