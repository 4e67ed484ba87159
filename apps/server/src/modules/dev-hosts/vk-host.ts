import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import { requireVkApp } from '../platforms/vk/vk-apps.js';
import { vkLaunchSign } from '../platforms/vk/vk-launch-params.js';
import { vkPaymentSig } from '../platforms/vk/vk-payment-sign.js';

/**
 * The server half of the simulated VK (development only): it holds the game's VK
 * secure key, so it signs what VK signs: the launch parameters of a simulated
 * user, and the payment notifications VK posts to our callback after the order box.
 */

/** The VK API version VK's notifications name. */
const VK_API_VERSION = '5.199';

/** A simulated VK user. */
export interface VkSimUser {
  id: string;
  first_name: string;
  last_name: string;
  sex: 1 | 2;
  photo_100: string;
  photo_200: string;
}

const NAMES: [string, string, 1 | 2][] = [
  ['Anna', 'Sokolova', 1],
  ['Ivan', 'Petrov', 2],
  ['Olga', 'Smirnova', 1],
  ['Dmitry', 'Volkov', 2],
];

/** The returning user of every game: one fixed VK id, so a second visit finds the same account. */
export const RETURNING_VK_USER_ID = '100000001';

/** A VK user: the returning one, or a new one never seen before. */
export function simulatedVkUser(kind: 'new' | 'returning', publicUrl: string): VkSimUser {
  const id = kind === 'returning' ? RETURNING_VK_USER_ID : String(randomInt(200_000_000, 900_000_000));
  const [first_name, last_name, sex] = NAMES[Number(id) % NAMES.length] ?? ['Anna', 'Sokolova', 1];
  const photo = `${publicUrl}/brand/logo.svg`;
  return { id, first_name, last_name, sex, photo_100: photo, photo_200: photo };
}

/** The friends the simulated VK lists for any user. */
export function simulatedVkFriends(publicUrl: string): VkSimUser[] {
  return ['100000002', '100000003'].map((id, index) => {
    const [first_name, last_name, sex] = NAMES[index + 2] ?? ['Anna', 'Sokolova', 1];
    const photo = `${publicUrl}/brand/logo.svg`;
    return { id, first_name, last_name, sex, photo_100: photo, photo_200: photo };
  });
}

/** The portal's player page for `game` on VK, with launch parameters signed as VK signs them. */
export function vkLaunchUrl(
  ctx: AppContext,
  game: GameRecord,
  userId: string,
  language: string,
): { url: string; appId: string } {
  const app = requireVkApp(ctx, game);
  const params = new Map<string, string>([
    ['vk_access_token_settings', ''],
    ['vk_app_id', app.appId],
    ['vk_are_notifications_enabled', '0'],
    ['vk_is_app_user', '1'],
    ['vk_language', language],
    ['vk_platform', 'desktop_web'],
    ['vk_ts', String(Math.floor(ctx.now() / 1000))],
    ['vk_user_id', userId],
  ]);
  const query = new URLSearchParams([...params]);
  query.set('sign', vkLaunchSign(params, app.secrets[0] ?? ''));
  const base = ctx.config.portal.routerBasePath;
  return {
    url: `${base}play/${encodeURIComponent(game.definition.GameSystemName)}/iframe/vkcom?${query}`,
    appId: app.appId,
  };
}

type VkAnswer = { response?: Record<string, unknown>; error?: { error_code: number; error_msg: string } };

/** Posts one VK payments notification to our callback, signed as VK signs it (through this server's own HTTP stack). */
function vkNotifier(app: FastifyInstance, ctx: AppContext, game: GameRecord) {
  const vkApp = requireVkApp(ctx, game);
  const secret = vkApp.secrets[0] ?? '';
  const url = `${ctx.config.portal.routerBasePath}api/v1/platforms/vkcom/payments/${encodeURIComponent(game.definition.GameSystemName)}`;
  const post = async (fields: Record<string, string>): Promise<VkAnswer> => {
    const sig = vkPaymentSig(new Map(Object.entries(fields)), secret);
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, sig }).toString(),
    });
    return response.json() as VkAnswer;
  };
  const common = (userId: string, orderId: number) => ({
    app_id: vkApp.appId,
    user_id: userId,
    receiver_id: userId,
    order_id: String(orderId),
    version: VK_API_VERSION,
  });
  return { post, common };
}

/** What VK's order_status_change says about the item, from VK's get_item answer. */
export interface VkSimItem {
  item: string;
  itemId: string;
  title: string;
  price: string;
}

/**
 * What VK does after the player presses Pay in the order box: `get_item` for the
 * item's title and price, then `order_status_change` with status chargeable for that
 * price, each a signed form POST to our callback.
 */
export async function simulateVkPayment(
  app: FastifyInstance,
  ctx: AppContext,
  game: GameRecord,
  input: { userId: string; item: string },
): Promise<{ orderId: number; getItem: VkAnswer; statusChange?: VkAnswer; item?: VkSimItem }> {
  const { post, common } = vkNotifier(app, ctx, game);
  const orderId = randomInt(1_000_000, 2 ** 40);
  const getItem = await post({
    ...common(input.userId, orderId),
    notification_type: 'get_item',
    item: input.item,
    lang: 'ru_RU',
  });
  if (!getItem.response) return { orderId, getItem };
  const item: VkSimItem = {
    item: input.item,
    itemId: String(getItem.response.item_id ?? input.item),
    title: String(getItem.response.title ?? ''),
    price: String(getItem.response.price ?? ''),
  };
  const statusChange = await post(statusChangeFields(common(input.userId, orderId), ctx, 'chargeable', item));
  return { orderId, getItem, statusChange, item };
}

/**
 * What VK does when it gives the votes of a paid order back (payments API 5.132+):
 * `order_status_change` with status refunded for that order, signed, to our callback.
 */
export async function simulateVkRefund(
  app: FastifyInstance,
  ctx: AppContext,
  game: GameRecord,
  input: { userId: string; orderId: number } & VkSimItem,
): Promise<VkAnswer> {
  const { post, common } = vkNotifier(app, ctx, game);
  return post(statusChangeFields(common(input.userId, input.orderId), ctx, 'refunded', input));
}

function statusChangeFields(common: Record<string, string>, ctx: AppContext, status: string, item: VkSimItem) {
  return {
    ...common,
    notification_type: 'order_status_change',
    date: String(Math.floor(ctx.now() / 1000)),
    status,
    item: item.item,
    item_id: item.itemId,
    item_title: item.title,
    item_price: item.price,
  };
}
