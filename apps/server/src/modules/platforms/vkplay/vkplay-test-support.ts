import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { VkPlayConfig } from './vkplay-config.js';
import { vkPlaySign } from './vkplay-sign.js';

/** The VK Play applications of the platform tests: sky-runner sells there, gem-garden has its own app. */
export const TEST_VKPLAY_APP = { appId: '2000001', secret: 'test-vkplay-secret-for-sky-runner' };
export const TEST_VKPLAY_OTHER_APP = { appId: '2000002', secret: 'test-vkplay-secret-for-gem-garden' };

export const TEST_VKPLAY_CONFIG: VkPlayConfig = {
  apps: {
    'sky-runner': { appId: TEST_VKPLAY_APP.appId, secrets: [TEST_VKPLAY_APP.secret] },
    'gem-garden': { appId: TEST_VKPLAY_OTHER_APP.appId, secrets: [TEST_VKPLAY_OTHER_APP.secret] },
  },
  dev: undefined,
  coreUrl: 'dev/hosts/vkplay/mailru.core.js',
};

/** Parameters signed as VK Play signs them (vkplay-sign.ts), as a query string. */
export function vkPlaySigned(params: Record<string, string>, secret = TEST_VKPLAY_APP.secret): string {
  return new URLSearchParams({ ...params, sign: vkPlaySign(new Map(Object.entries(params)), secret) }).toString();
}

/** Launch parameters as VK Play gives them to sky-runner for a registered user; extra values override. */
export function vkPlayLaunchQuery(
  uid: string,
  extra: Record<string, string> = {},
  secret = TEST_VKPLAY_APP.secret,
): string {
  return `?${vkPlaySigned({ appid: TEST_VKPLAY_APP.appId, uid, hash: `h${uid}`, currency: 'RUB', ...extra }, secret)}`;
}

export function signInWithVkPlay(
  app: FastifyInstance,
  queryString: string,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/authenticate_from_social',
    payload: { Social: 'VkontaktePlay', Game: 'sky-runner', VkontaktePlayLogin: { QueryString: queryString }, ...body },
  });
}

export function getVkPlayPayment(app: FastifyInstance, query: string, game = 'sky-runner') {
  return app.inject({ method: 'GET', url: `/api/v1/platforms/vkplay/payments/${game}?${query}` });
}
