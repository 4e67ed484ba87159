import { VkontaktePlayLoginSchema } from '@fxid/contract';
import { PlatformAuthError } from '../../../errors.js';
import type { ServerPlatform } from '../server-platform.js';
import { requireVkPlayApp, vkPlayAppOf } from './vkplay-apps.js';
import { vkPlayPaymentRoutes } from './vkplay-payment-routes.js';
import { startVkPlayPayment } from './vkplay-payment-start.js';
import { VKPLAY_UID, type VkPlayFailure, verifyVkPlayParams } from './vkplay-sign.js';

/** Which stable error code each refusal of launch parameters answers with. */
const FAILURE_CODES = {
  malformed: 'platform_sign_invalid',
  duplicate_key: 'platform_sign_invalid',
  missing_sig: 'platform_sign_invalid',
  bad_sig: 'platform_sign_invalid',
  other_app: 'platform_app_mismatch',
} as const satisfies Record<VkPlayFailure, ConstructorParameters<typeof PlatformAuthError>[0]>;

/**
 * VK Play: launch parameters signed with the app secret (a registered player's `uid`); payments
 * through iframeApi's paymentFrame, completed by VK Play's signed notification.
 */
export const vkPlayPlatform: ServerPlatform = {
  adapter: 'vkplay',
  platform: 'VkontaktePlay',
  loginBlock: 'VkontaktePlayLogin',
  verifyLogin(ctx, game, block) {
    const { QueryString } = VkontaktePlayLoginSchema.parse(block);
    const verdict = verifyVkPlayParams(QueryString, requireVkPlayApp(ctx, game));
    if (!verdict.ok) throw new PlatformAuthError(FAILURE_CODES[verdict.failure], 'VkontaktePlay', verdict.failure);
    const uid = verdict.params.get('uid') ?? '';
    // A guest's launch names no uid: guests play without an account here and cannot sign in.
    if (!VKPLAY_UID.test(uid)) throw new PlatformAuthError('platform_sign_invalid', 'VkontaktePlay', 'malformed');
    return { type: 'VkontaktePlay', id: uid, profile: {} };
  },
  createPayment: (ctx, accountId, game, input) => startVkPlayPayment(ctx, accountId, game, input),
  callbackRoutes: vkPlayPaymentRoutes,
  // VK Play payments need the game's VK Play application (its secret verifies the notification); products sell in roubles.
  payments: {
    configured: (ctx, game) => !!vkPlayAppOf(ctx, game),
    sells: (product) => product.definition.PlatformPrices?.vkplay !== undefined,
  },
};
