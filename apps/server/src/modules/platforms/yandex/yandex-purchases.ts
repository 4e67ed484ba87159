import type { YandexPurchaseRequest, YandexPurchaseResponse, YandexTokenSuccess } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { PlatformAuthError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct } from '../../catalog/products-service.js';
import { platformOrderPublicId } from '../../store/platform-orders.js';
import { requireGameOnPlatform } from '../../store/store-front-service.js';
import { takePlatformPurchase } from '../platform-purchases.js';
import { requireYandexSecrets } from './yandex-secrets.js';
import { isStale, verifyYandexSignature } from './yandex-signature.js';

/**
 * `POST /yandexgames/purchase/{Game}` (spec store §4, §7; security.md §5): the signed
 * result of payments.purchase() (one purchase, fresh) or payments.getPurchases() (a
 * list, possibly old) is checked with the game's secret key; each purchase token then
 * creates and pays one order for the signed-in player, once per token however often it
 * is sent (the UNIQUE platform order, §0.5). The client consumes a token on Yandex only
 * after its answer here is Success.
 */

/** A purchase as Yandex signs it; only these fields are read. */
interface SignedPurchase {
  token?: unknown;
  product?: { id?: unknown; price?: { code?: unknown; value?: unknown } };
}

/** More purchases than this in one list is not a player's. */
const MAX_PURCHASES = 100;
/** Yandex's purchase tokens are UUIDs; anything else is not one. */
const TOKEN = /^[A-Za-z0-9_-]{1,128}$/;

/** The product's price on Yandex in the catalog (`PlatformPrices.yandex`), in Yandex's units. */
export function yandexPriceOf(product: { definition: { PlatformPrices?: Partial<Record<string, number>> } }) {
  return product.definition.PlatformPrices?.yandex;
}

export async function verifyYandexPurchases(
  ctx: AppContext,
  accountId: string,
  gameName: string,
  request: YandexPurchaseRequest,
): Promise<YandexPurchaseResponse> {
  const game = await requireGameOnPlatform(ctx, gameName, 'YandexGames');
  const verdict = verifyYandexSignature(request.YandexSignedData, requireYandexSecrets(ctx, game));
  if (!verdict.ok) throw new PlatformAuthError('platform_sign_invalid', 'YandexGames', verdict.failure);
  const { data, issuedAt } = verdict.payload;
  const fromList = request.YandexGetPurchasesRequest ?? false;
  // purchase() signs one purchase, getPurchases() a list: the other shape is not what the client says it is.
  if (Array.isArray(data) !== fromList || (fromList && (data as unknown[]).length > MAX_PURCHASES)) {
    throw new PlatformAuthError('platform_sign_invalid', 'YandexGames', 'wrong_kind');
  }
  // A list may hold old purchases (left unconsumed); one fresh purchase must be fresh (security.md §5 pitfalls).
  if (!fromList && isStale(issuedAt, ctx.now(), ctx.config.platforms.yandex.signedMaxAgeSeconds)) {
    throw new PlatformAuthError('platform_payload_expired', 'YandexGames', 'stale');
  }
  const purchases = (fromList ? data : [data]) as SignedPurchase[];
  const answers: YandexTokenSuccess[] = [];
  // One at a time: each is a transaction of its own, and a list is short.
  for (const purchase of purchases) answers.push(await takeOne(ctx, game, accountId, purchase));
  return { TokenSuccesses: answers };
}

async function takeOne(
  ctx: AppContext,
  game: GameRecord,
  accountId: string,
  purchase: SignedPurchase,
): Promise<YandexTokenSuccess> {
  const token = typeof purchase?.token === 'string' ? purchase.token : '';
  const sku = typeof purchase?.product?.id === 'string' ? purchase.product.id : null;
  const refuse = (code: YandexTokenSuccess['ErrorCode']): YandexTokenSuccess => ({
    PurchaseToken: token,
    Success: false,
    Sku: sku,
    TransactionId: null,
    ErrorCode: code,
  });
  if (!TOKEN.test(token)) return refuse('platform_sign_invalid');
  const product = sku ? await findProduct(ctx.db, game.id, sku) : undefined;
  const price = product && yandexPriceOf(product);
  if (!product || price === undefined) return refuse('platform_product_unknown');
  // Money is server-side state (security.md §0.6): Yandex must have charged our price.
  if (Number(purchase.product?.price?.value) !== price) return refuse('platform_price_mismatch');
  const taken = await takePlatformPurchase(ctx, {
    adapter: 'yandex',
    platform: 'YandexGames',
    game,
    product,
    accountId,
    externalOrderId: token,
    externalAmount: price,
    test: false,
    locale: undefined,
  });
  // A token is one player's purchase: whoever sent it first got it.
  if (taken.accountId !== accountId) return refuse('platform_purchase_taken');
  return {
    PurchaseToken: token,
    Success: true,
    Sku: sku,
    TransactionId: (await platformOrderPublicId(ctx, taken.orderId)) ?? null,
    ErrorCode: null,
  };
}
