import { PORTAL_LOCALES, VkontakteComLoginSchema } from '@fxid/contract';
import { PlatformAuthError } from '../../../errors.js';
import type { ServerPlatform } from '../server-platform.js';
import { requireVkApp, vkAppOf } from './vk-apps.js';
import { type VkLaunchFailure, verifyVkLaunchParams } from './vk-launch-params.js';
import { vkPaymentRoutes } from './vk-payment-routes.js';
import { vkPriceOf } from './vk-payments.js';

/** Which stable error code each refusal of launch parameters answers with. */
const FAILURE_CODES = {
  malformed: 'platform_sign_invalid',
  duplicate_key: 'platform_sign_invalid',
  missing_sign: 'platform_sign_invalid',
  bad_sign: 'platform_sign_invalid',
  missing_ts: 'platform_payload_expired',
  stale: 'platform_payload_expired',
  from_future: 'platform_payload_expired',
  other_app: 'platform_app_mismatch',
} as const satisfies Record<VkLaunchFailure, ConstructorParameters<typeof PlatformAuthError>[0]>;

/** VK's `vk_language` (ru, uk, be, en, …) when the portal speaks it. */
function portalLocale(language: string | undefined): string | undefined {
  return (PORTAL_LOCALES as readonly string[]).includes(language ?? '') ? language : undefined;
}

/** VK (vk.com Mini Apps): launch parameters signed with the app's secure key; VK payments callbacks. */
export const vkPlatform: ServerPlatform = {
  adapter: 'vkcom',
  platform: 'VkontakteCom',
  loginBlock: 'VkontakteComLogin',
  verifyLogin(ctx, game, block) {
    const { QueryString } = VkontakteComLoginSchema.parse(block);
    const verdict = verifyVkLaunchParams(QueryString, requireVkApp(ctx, game), {
      nowMs: ctx.now(),
      maxAgeSeconds: ctx.config.platforms.vkcom.launchMaxAgeSeconds,
    });
    if (!verdict.ok) throw new PlatformAuthError(FAILURE_CODES[verdict.failure], 'VkontakteCom', verdict.failure);
    return { type: 'VkontakteCom', id: verdict.userId, profile: { locale: portalLocale(verdict.language) } };
  },
  callbackRoutes: vkPaymentRoutes,
  // VK payments take the game's notifications once its VK app is known; products sell in votes (PlatformPrices.vkcom).
  payments: {
    configured: (ctx, game) => vkAppOf(ctx, game) !== undefined,
    sells: (product) => vkPriceOf(product) !== undefined,
  },
};
