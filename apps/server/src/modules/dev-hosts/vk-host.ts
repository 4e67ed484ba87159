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

/**
 * What VK does after the player presses Pay in the order box: `get_item` for the
 * item's title and price, then `order_status_change` with status chargeable for that
 * price, each a signed form POST to our callback (through this server's own HTTP stack).
 */
export async function simulateVkPayment(
  app: FastifyInstance,
  ctx: AppContext,
  game: GameRecord,
  input: { userId: string; item: string },
): Promise<{ orderId: number; getItem: VkAnswer; statusChange?: VkAnswer }> {
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
  const orderId = randomInt(1_000_000, 2 ** 40);
  const common = {
    app_id: vkApp.appId,
    user_id: input.userId,
    receiver_id: input.userId,
    order_id: String(orderId),
    version: VK_API_VERSION,
  };
  const getItem = await post({ ...common, notification_type: 'get_item', item: input.item, lang: 'ru_RU' });
  if (!getItem.response) return { orderId, getItem };
  const statusChange = await post({
    ...common,
    notification_type: 'order_status_change',
    date: String(Math.floor(ctx.now() / 1000)),
    status: 'chargeable',
    item: input.item,
    item_id: String(getItem.response.item_id ?? input.item),
    item_title: String(getItem.response.title ?? ''),
    item_price: String(getItem.response.price ?? ''),
  });
  return { orderId, getItem, statusChange };
}
