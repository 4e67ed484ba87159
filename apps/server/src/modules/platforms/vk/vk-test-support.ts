import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { VkConfig } from './vk-config.js';
import { vkLaunchSign } from './vk-launch-params.js';
import { vkPaymentSig } from './vk-payment-sign.js';

/** sky-runner's VK app in the platform tests; gem-garden has none (and no dev fallback). */
export const TEST_VK_APP = { appId: '51234567', secret: 'test-vk-secure-key-for-sky-runner' };

export const TEST_VK_CONFIG: VkConfig = {
  apps: { 'sky-runner': { appId: TEST_VK_APP.appId, secrets: [TEST_VK_APP.secret] } },
  devSecret: undefined,
  launchMaxAgeSeconds: 7200,
};

/** Launch parameters as VK would sign them for a user at a time (ms); extra vk_* values override. */
export function vkLaunchQuery(
  userId: string,
  nowMs: number,
  extra: Record<string, string> = {},
  secret = TEST_VK_APP.secret,
): string {
  const params: Record<string, string> = {
    vk_app_id: TEST_VK_APP.appId,
    vk_user_id: userId,
    vk_ts: String(Math.floor(nowMs / 1000) - 5),
    vk_language: 'ru',
    vk_platform: 'desktop_web',
    vk_access_token_settings: 'friends,groups',
    ...extra,
  };
  const query = new URLSearchParams(params);
  query.set('sign', vkLaunchSign(new Map(Object.entries(params)), secret));
  return `?${query}`;
}

export function signInWithVk(
  app: FastifyInstance,
  queryString: string,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_social',
    payload: { Social: 'VkontakteCom', Game: 'sky-runner', VkontakteComLogin: { QueryString: queryString }, ...body },
  });
}

/** A VK payments notification body, signed as VK signs it. */
export function vkNotification(params: Record<string, string>, secret = TEST_VK_APP.secret): string {
  const sig = vkPaymentSig(new Map(Object.entries(params)), secret);
  return new URLSearchParams({ ...params, sig }).toString();
}

export function postVkNotification(
  app: FastifyInstance,
  body: string,
  game = 'sky-runner',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `/api/v1/platforms/vkcom/payments/${game}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });
}
