import { createHash } from 'node:crypto';
import type { NativeInAppValidateRequest, NativeInAppValidateResponse, NativeStore } from '@fxid/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, GameNotFoundError, NativeReceiptError, PlatformNotConfiguredError } from '../../errors.js';
import { getAccount } from '../accounts/profile-service.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { findProduct, type ProductRecord } from '../catalog/products-service.js';
import { takePlatformPurchase } from '../platforms/platform-purchases.js';
import { platformOrderPublicId } from '../store/platform-orders.js';
import { type AppStoreApi, appStoreApi } from './app-store-client.js';
import { type GooglePlayApi, googlePlayApi } from './google-play-client.js';
import type { AppStoreApp, GooglePlayConfig } from './native-config.js';
import { appStoreOf, googlePlayOf } from './native-stores.js';

/**
 * `POST /native/inapp/validate/{Game}` (spec store §7; platform-protocols.md §11): the wrapper
 * app hands over what its store gave it; the store itself is asked (never the client), the
 * purchase is checked (this game's app, paid, not refunded, bound to an fxid account at purchase
 * time) and taken once through the platform purchase record, which creates and pays the order
 * and starts its fulfilment through the outbox. Google Play purchases are acknowledged after.
 * The account is the one the purchase was bound to (Play's obfuscatedExternalAccountId, the App
 * Store's appAccountToken: the fxid account id); a signed-in caller must be that account.
 */

const ADAPTER = 'fxnative';

/** One client per configuration (and App Store app), so access tokens are cached across calls. */
const googleClients = new WeakMap<GooglePlayConfig, Promise<GooglePlayApi>>();
const appleClients = new WeakMap<AppStoreApp, Promise<AppStoreApi>>();

/** A purchase the store confirmed, ready to be taken. */
interface StorePurchase {
  store: NativeStore;
  product: ProductRecord;
  /** Whose it is, as bound at purchase time. */
  boundAccountId: string | undefined;
  /** The store's id of the order, unique per store. */
  externalOrderId: string;
  test: boolean;
}

export async function validateNativePurchase(
  ctx: AppContext,
  callerAccountId: string | undefined,
  gameName: string,
  receipt: NativeInAppValidateRequest,
  log: Pick<FastifyBaseLogger, 'error'>,
): Promise<NativeInAppValidateResponse> {
  const game = await ctx.catalog.find(gameName);
  if (!game) throw new GameNotFoundError(gameName);
  if (receipt.Store === 'GooglePlay') {
    const play = googlePlayOf(ctx, gameName);
    if (!play) throw new PlatformNotConfiguredError(gameName, 'GooglePlay');
    const { packageName, config } = play;
    if (receipt.PackageName !== packageName) {
      throw new NativeReceiptError('native_receipt_foreign', 'GooglePlay', `package ${receipt.PackageName}`);
    }
    const api = await cached(googleClients, config, () => googlePlayApi(config));
    const found = await checkedGooglePurchase(ctx, api, game, packageName, receipt);
    const answer = await take(ctx, game, callerAccountId, found);
    // After fulfilment, and again on a repeat: Google refunds what stays unacknowledged for 3 days.
    if (found.acknowledged) return answer.orElseThrow();
    await api.acknowledge(packageName, receipt.ProductId, receipt.PurchaseToken).catch((error: unknown) => {
      log.error({ err: error, game: gameName }, 'Google Play acknowledgement failed; a repeat of the call retries it');
    });
    return answer.orElseThrow();
  }
  const store = appStoreOf(ctx, gameName);
  if (!store) throw new PlatformNotConfiguredError(gameName, 'AppStore');
  const { app, config } = store;
  const api = await cached(appleClients, app, () => appStoreApi(config, app));
  const found = await checkedAppStoreTransaction(ctx, api, game, receipt.TransactionId);
  return (await take(ctx, game, callerAccountId, found)).orElseThrow();
}

function cached<K extends object, V>(cache: WeakMap<K, V>, key: K, make: () => V): V {
  const known = cache.get(key);
  if (known) return known;
  const made = make();
  cache.set(key, made);
  return made;
}

async function productOf(ctx: AppContext, game: GameRecord, store: NativeStore, sku: string) {
  const product = await findProduct(ctx.db, game.id, sku);
  if (!product) {
    throw new AppError(
      'platform_product_unknown',
      `${store} sold ${sku}, which ${game.definition.GameSystemName} does not sell`,
      {
        Sku: sku,
      },
    );
  }
  return product;
}

async function checkedGooglePurchase(
  ctx: AppContext,
  api: GooglePlayApi,
  game: GameRecord,
  packageName: string,
  receipt: Extract<NativeInAppValidateRequest, { Store: 'GooglePlay' }>,
): Promise<StorePurchase & { acknowledged: boolean }> {
  const refuse = (code: ConstructorParameters<typeof NativeReceiptError>[0], reason: string) =>
    new NativeReceiptError(code, 'GooglePlay', reason);
  const purchase = await api.getPurchase(packageName, receipt.ProductId, receipt.PurchaseToken);
  if (!purchase) throw refuse('native_receipt_invalid', 'Google knows no such purchase token');
  if (purchase.purchaseState === 1) throw refuse('native_receipt_refunded', 'purchaseState 1 (cancelled)');
  if (purchase.purchaseState === 2) throw refuse('native_receipt_pending', 'purchaseState 2 (pending)');
  if (purchase.purchaseState !== 0) throw refuse('native_receipt_invalid', `purchaseState ${purchase.purchaseState}`);
  const product = await productOf(ctx, game, 'GooglePlay', receipt.ProductId);
  // Test orders have an order id too; without one the token itself identifies the purchase.
  const orderId = purchase.orderId ?? `token-${createHash('sha256').update(receipt.PurchaseToken).digest('hex')}`;
  return {
    store: 'GooglePlay',
    product,
    boundAccountId: purchase.obfuscatedExternalAccountId ?? undefined,
    externalOrderId: `gp:${orderId}`,
    test: purchase.purchaseType === 0,
    acknowledged: purchase.acknowledgementState === 1,
  };
}

async function checkedAppStoreTransaction(
  ctx: AppContext,
  api: AppStoreApi,
  game: GameRecord,
  transactionId: string,
): Promise<StorePurchase> {
  const transaction = await api.transaction(transactionId);
  if (transaction === 'unknown') {
    throw new NativeReceiptError('native_receipt_invalid', 'AppStore', 'Apple knows no such transaction');
  }
  if (transaction === 'forged') {
    throw new NativeReceiptError('native_receipt_invalid', 'AppStore', 'the signed transaction did not verify');
  }
  if (transaction === 'foreign') {
    throw new NativeReceiptError('native_receipt_foreign', 'AppStore', 'signed for another app or environment');
  }
  if (transaction.revocationDate !== undefined) {
    throw new NativeReceiptError('native_receipt_refunded', 'AppStore', 'revoked (refunded)');
  }
  if (transaction.transactionId !== transactionId || !transaction.productId) {
    throw new NativeReceiptError('native_receipt_invalid', 'AppStore', 'the signed transaction is another one');
  }
  return {
    store: 'AppStore',
    product: await productOf(ctx, game, 'AppStore', transaction.productId),
    boundAccountId: transaction.appAccountToken,
    externalOrderId: `as:${transactionId}`,
    test: transaction.environment !== 'Production',
  };
}

/** The outcome of taking a purchase: the answer, or the refusal to throw once side work is done. */
interface Taken {
  orElseThrow(): NativeInAppValidateResponse;
}

async function take(
  ctx: AppContext,
  game: GameRecord,
  callerAccountId: string | undefined,
  found: StorePurchase,
): Promise<Taken> {
  const accountId = await boundAccount(ctx, found, callerAccountId);
  const taken = await takePlatformPurchase(ctx, {
    adapter: ADAPTER,
    platform: 'FxNative',
    game,
    product: found.product,
    accountId,
    externalOrderId: found.externalOrderId,
    externalAmount: 0,
    test: found.test,
    locale: undefined,
  });
  const publicId = await platformOrderPublicId(ctx, taken.orderId);
  return {
    orElseThrow() {
      if (taken.duplicate) {
        throw new NativeReceiptError('native_receipt_replayed', found.store, `already delivered as ${publicId}`);
      }
      return {
        Success: true,
        Store: found.store,
        Sku: found.product.row.sku,
        TransactionId: publicId ?? '',
        Test: found.test,
        OrderId: found.externalOrderId,
      };
    },
  };
}

/** The account the store bound the purchase to, if it is one of ours and the caller (when signed in) is it. */
async function boundAccount(ctx: AppContext, found: StorePurchase, callerAccountId: string | undefined) {
  const bound = found.boundAccountId;
  const refuse = (reason: string) => new NativeReceiptError('native_receipt_unbound', found.store, reason);
  if (!bound) throw refuse('the purchase carries no account (set it when the purchase starts)');
  if (callerAccountId !== undefined && bound !== callerAccountId) throw refuse('bound to another account');
  try {
    await getAccount(ctx, bound);
  } catch {
    throw refuse('bound to no account of this server');
  }
  return bound;
}
