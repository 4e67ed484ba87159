import type { AppContext } from '../../../context.js';
import { ProductAlreadyOwnedError, PurchaseInProgressError } from '../../../errors.js';
import { findAccountIdByIdentity } from '../../accounts/identity-service.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { findProduct, type ProductRecord } from '../../catalog/products-service.js';
import { productSnapshot } from '../../store/orders-presenter.js';
import { assertCanBuyProduct } from '../../store/ownership-service.js';
import {
  knownAppOrderId,
  knownPlatformPurchase,
  refundPlatformPurchase,
  takePlatformPurchase,
} from '../platform-purchases.js';
import { vkAppOf } from './vk-apps.js';
import { verifyVkNotification } from './vk-payment-sign.js';

/**
 * VK payments notifications for one game (platform-protocols.md §1a): `get_item`
 * answers the catalog product's title and its VK price in votes; `order_status_change`
 * with `status=chargeable` creates and pays the order once, and with `status=refunded`
 * (payments API 5.132+) ends it refunded. `*_test` notifications take the same path,
 * kept apart from real ones. Every answer is VK's JSON, never a problem document: VK
 * reads `response` or `error`.
 */

export type VkAnswer =
  | { response: Record<string, string | number> }
  | { error: { error_code: number; error_msg: string; critical: boolean } };

/** VK's error codes (platform-protocols.md §1a). */
export const VK_ERRORS = {
  common: 1,
  temporary: 2,
  signature: 10,
  inconsistent: 11,
  noProduct: 20,
  noUser: 22,
  /**
   * App-defined (100–999: VK shows error_msg to the player and, critical, cancels the
   * order without charging): a one-time product the player already owns. Not 20 or 21,
   * which say the product does not exist or is out of stock for everyone.
   */
  alreadyOwned: 100,
  /** App-defined: another checkout of the same one-time product is open (a web payment window). */
  purchaseInProgress: 101,
} as const;

/** What VK shows the player for our own refusals, in VK's languages we speak (English otherwise). */
const REFUSALS = {
  alreadyOwned: { ru: 'Этот товар у вас уже есть', en: 'You already own this item' },
  purchaseInProgress: {
    ru: 'Этот товар уже покупается в другом окне',
    en: 'This item is already being bought in another window',
  },
} as const;

export function vkError(code: number, message: string, critical = true): VkAnswer {
  return { error: { error_code: code, error_msg: message, critical } };
}

/** VK's title limit. */
const TITLE_MAX = 48;

/** The VK price of a product in votes, when the catalog sells it through VK payments. */
export function vkPriceOf(product: ProductRecord): number | undefined {
  return product.definition.PlatformPrices?.vkcom;
}

interface Verified {
  ctx: AppContext;
  game: GameRecord;
  params: Map<string, string>;
  test: boolean;
}

export async function handleVkNotification(ctx: AppContext, gameName: string, body: string): Promise<VkAnswer> {
  const game = await ctx.catalog.find(gameName);
  const app = game?.definition.Platforms.includes('vkcom') ? vkAppOf(ctx, game) : undefined;
  if (!game || !app) return vkError(VK_ERRORS.common, `Game ${gameName} does not take VK payments here`);
  const verified = verifyVkNotification(body, app.secrets);
  if (!verified.ok) {
    ctx.metrics.webhookRefused('vk');
    return vkError(VK_ERRORS.signature, `Signature mismatch (${verified.failure})`);
  }
  const { params } = verified;
  if (params.get('app_id') !== app.appId) return vkError(VK_ERRORS.inconsistent, 'app_id is not this game’s VK app');
  const type = params.get('notification_type') ?? '';
  const test = type.endsWith('_test');
  const input: Verified = { ctx, game, params, test };
  switch (type.replace(/_test$/, '')) {
    case 'get_item':
      return getItem(input);
    case 'order_status_change':
      return orderStatusChange(input);
    default:
      return vkError(VK_ERRORS.inconsistent, `Unsupported notification_type ${type}`);
  }
}

/** The catalog product named by `item`, sold through VK, or VK's error for it. */
async function productOf({
  ctx,
  game,
  params,
}: Verified): Promise<{ product: ProductRecord; votes: number } | { error: VkAnswer }> {
  const sku = params.get('item') ?? params.get('item_id') ?? '';
  const product = sku ? await findProduct(ctx.db, game.id, sku) : undefined;
  const votes = product && vkPriceOf(product);
  if (!product || votes === undefined) return { error: vkError(VK_ERRORS.noProduct, 'Product does not exist') };
  return { product, votes };
}

/** The fxid account of the VK user who receives the item (the buyer, or a gift's recipient). */
async function receiverOf({ ctx, params }: Verified) {
  const vkUserId = params.get('receiver_id') || params.get('user_id') || '';
  if (!/^[1-9]\d{0,18}$/.test(vkUserId)) return undefined;
  return findAccountIdByIdentity(ctx.db, 'VkontakteCom', vkUserId);
}

/** VK's `lang` (ru_RU) as a catalog locale (ru). */
const localeOf = (params: Map<string, string>) => params.get('lang')?.split('_')[0]?.toLowerCase() || undefined;

/** VK's error for a one-time product the player may not buy now, or undefined when they may. */
function refusalOf(error: unknown, params: Map<string, string>): VkAnswer | undefined {
  const kind =
    error instanceof ProductAlreadyOwnedError
      ? 'alreadyOwned'
      : error instanceof PurchaseInProgressError
        ? 'purchaseInProgress'
        : undefined;
  if (!kind) return undefined;
  return vkError(VK_ERRORS[kind], REFUSALS[kind][localeOf(params) === 'ru' ? 'ru' : 'en']);
}

/** The one-time product guard of web checkouts (store/ownership-service), answered in VK's terms. */
async function ownershipRefusal(input: Verified, product: ProductRecord, accountId: string) {
  try {
    await assertCanBuyProduct(input.ctx, accountId, input.game.id, product);
    return undefined;
  } catch (error) {
    const refusal = refusalOf(error, input.params);
    if (!refusal) throw error;
    return refusal;
  }
}

async function getItem(input: Verified): Promise<VkAnswer> {
  const found = await productOf(input);
  if ('error' in found) return found.error;
  const accountId = await receiverOf(input);
  if (!accountId) return vkError(VK_ERRORS.noUser, 'User does not exist');
  // Refused before VK shows the order box's price: nothing is charged.
  const refused = await ownershipRefusal(input, found.product, accountId);
  if (refused) return refused;
  const { ctx, game, params } = input;
  const fallback = game.definition.DefaultLanguage;
  const snapshot = productSnapshot(found.product, localeOf(params) ?? fallback, fallback);
  const image = snapshot.ImageUrl ?? snapshot.IconUrl;
  return {
    response: {
      item_id: found.product.row.sku,
      title: snapshot.ProductName.slice(0, TITLE_MAX),
      ...(image ? { photo_url: image.startsWith('/') ? `${ctx.config.publicUrl}${image}` : image } : {}),
      price: found.votes,
    },
  };
}

async function orderStatusChange(input: Verified): Promise<VkAnswer> {
  const { ctx, game, params, test } = input;
  const orderId = params.get('order_id') ?? '';
  if (!/^\d{1,15}$/.test(orderId)) return vkError(VK_ERRORS.inconsistent, 'order_id is missing or not a number');
  const key = { platform: 'vkcom', gameId: game.id, externalOrderId: orderId, test };
  if (params.get('status') === 'refunded') return refunded(input, key);
  // A repeat gets the identical answer, whatever changed in the catalog since (VK retries until answered).
  const known = await knownAppOrderId(ctx, key);
  if (known !== undefined) return { response: { order_id: Number(orderId), app_order_id: known } };
  // Other statuses are not VK's to send for items; VK is told so rather than thanked.
  if (params.get('status') !== 'chargeable') {
    return vkError(VK_ERRORS.inconsistent, `Unsupported order status ${params.get('status')}`);
  }
  const found = await productOf(input);
  if ('error' in found) return found.error;
  // Money is server-side state (security.md §0.6): VK must charge exactly our price.
  if (params.get('item_price') !== String(found.votes)) {
    return vkError(VK_ERRORS.inconsistent, `Price mismatch: the item costs ${found.votes} votes`);
  }
  const accountId = await receiverOf(input);
  if (!accountId) return vkError(VK_ERRORS.noUser, 'User does not exist');
  // Checked again: two order boxes of one one-time product may both have passed get_item.
  // An error here makes VK cancel the order without charging (critical).
  const refused = await ownershipRefusal(input, found.product, accountId);
  if (refused) return refused;
  try {
    const taken = await takePlatformPurchase(ctx, {
      adapter: 'vkcom',
      platform: 'VkontakteCom',
      game,
      product: found.product,
      accountId,
      externalOrderId: orderId,
      externalAmount: found.votes,
      test,
      locale: localeOf(params),
    });
    return { response: { order_id: Number(orderId), app_order_id: taken.appOrderId } };
  } catch (error) {
    // A racing order of the same one-time product won (the unique index decided).
    const refusal = refusalOf(error, params);
    if (!refusal) throw error;
    return refusal;
  }
}

/**
 * `status=refunded`: VK gave the votes of an order it had charged back. The order ends
 * refunded (CancelledPaid) once; a repeat gets the identical answer. An order VK never
 * had us take, or one for another item, is inconsistent (11) and changes nothing.
 */
async function refunded(input: Verified, key: Parameters<typeof knownPlatformPurchase>[1]): Promise<VkAnswer> {
  const { ctx, params } = input;
  const known = await knownPlatformPurchase(ctx, key);
  if (!known) return vkError(VK_ERRORS.inconsistent, `Order ${key.externalOrderId} was never paid here`);
  const item = params.get('item');
  if (item && item !== known.sku)
    return vkError(VK_ERRORS.inconsistent, `Order ${key.externalOrderId} was not for ${item}`);
  const provider = key.test ? 'vkcom-test' : 'vkcom';
  const done = await refundPlatformPurchase(ctx, key, `${provider} order ${key.externalOrderId} refunded by VK`);
  if (!done || done.outcome === 'not_paid') {
    return vkError(VK_ERRORS.inconsistent, `Order ${key.externalOrderId} is not paid`);
  }
  return { response: { order_id: Number(key.externalOrderId), app_order_id: done.appOrderId } };
}
