import { randomBytes } from 'node:crypto';
import type { PlatformPaymentResponse } from '@fxid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context.js';
import { ForbiddenError, NotFoundError, ServiceUnavailableError } from '../../../errors.js';
import { findAccount } from '../../accounts/accounts-service.js';
import { findIdentityOfAccount } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct } from '../../catalog/products-service.js';
import { productSnapshot } from '../../store/orders-presenter.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import { requireSteamApi, STEAM_CURRENCY, steamPriceOf } from './steam-apps.js';
import * as repo from './steam-repository.js';

/** Steam's limit on an item description. */
const DESCRIPTION_MAX = 128;

/** A fresh orderid: 63 random bits as a decimal uint64 (unique per app forever, guessing it gains nothing). */
const newOrderId = () => (randomBytes(8).readBigUInt64BE() >> 1n).toString();

/**
 * POST /platforms/payment for Steam: InitTxn for the signed-in player's Steam user, one item at
 * the catalog's `PlatformPrices.steam` (US cents), shown in the player's in-game overlay
 * (`usersession=client`). Nothing is charged here: the player approves in the overlay, then
 * POST /platforms/steam/settle/{Game} has Steam finalize it and pays the order, once.
 */
export async function startSteamTxn(
  ctx: AppContext,
  accountId: string,
  game: GameRecord,
  input: { sku: string; developerPayload?: string | undefined },
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<PlatformPaymentResponse> {
  const { app, api } = requireSteamApi(ctx, game);
  const product = await findProduct(ctx.db, game.id, input.sku);
  const amount = product && steamPriceOf(product);
  if (!product || amount === undefined) throw new NotFoundError('Product on Steam');
  const steamId = await findIdentityOfAccount(ctx.db, accountId, 'Steam');
  // The transaction is the Steam user's: Steam shows it in their overlay only.
  if (!steamId) throw new ForbiddenError('Sign in with Steam to buy through Steam');
  await assertCanBuyProduct(ctx, accountId, game.id, product);
  const account = await findAccount(ctx.db, accountId);
  const fallback = game.definition.DefaultLanguage;
  const locale = account?.locale ?? fallback;
  const snapshot = productSnapshot(product, locale, fallback);
  const orderId = newOrderId();
  const opened = await api.initTxn({
    orderid: orderId,
    steamid: steamId,
    language: locale.slice(0, 2),
    currency: STEAM_CURRENCY,
    item: { itemid: product.row.sku, qty: 1, amount, description: snapshot.ProductName.slice(0, DESCRIPTION_MAX) },
  });
  if (!opened.ok) {
    log.error({ game: game.definition.GameSystemName, steam: opened }, 'Steam InitTxn refused');
    throw new ServiceUnavailableError('Steam');
  }
  const now = ctx.now();
  await repo.insertTransaction(ctx.db, {
    order_id: orderId,
    game_id: game.id,
    app_id: app.appId,
    account_id: accountId,
    steam_id: steamId,
    trans_id: opened.transid,
    sku: product.row.sku,
    amount,
    currency: STEAM_CURRENCY,
    developer_payload: input.developerPayload ?? null,
    status: 'Open',
    created_at: now,
    updated_at: now,
  });
  return {
    OrderId: orderId,
    Price: { Amount: amount, Currency: STEAM_CURRENCY },
    Steam: { OrderId: orderId, TransId: opened.transid },
  };
}
