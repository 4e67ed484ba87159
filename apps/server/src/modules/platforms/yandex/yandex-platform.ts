import { PORTAL_LOCALES, YandexGamesLoginSchema } from '@fxid/contract';
import { PlatformAuthError } from '../../../errors.js';
import type { ServerPlatform } from '../server-platform.js';
import { verifyYandexPlayer, type YandexPlayerFailure } from './yandex-player.js';
import { yandexPurchaseRoutes } from './yandex-purchase-routes.js';
import { yandexPriceOf } from './yandex-purchases.js';
import { requireYandexSecrets, yandexSecretsOf } from './yandex-secrets.js';

/** Which stable error code each refusal of a signed player answers with. */
const FAILURE_CODES = {
  malformed: 'platform_sign_invalid',
  bad_sign: 'platform_sign_invalid',
  bad_algorithm: 'platform_sign_invalid',
  stale: 'platform_payload_expired',
} as const satisfies Record<YandexPlayerFailure, ConstructorParameters<typeof PlatformAuthError>[0]>;

/** Yandex Games: the signed player (HMAC with the game's secret key); purchases checked by the client's call. */
export const yandexPlatform: ServerPlatform = {
  adapter: 'yandex',
  platform: 'YandexGames',
  loginBlock: 'YandexGamesLogin',
  verifyLogin(ctx, game, block) {
    const { Signature } = YandexGamesLoginSchema.parse(block);
    const verdict = verifyYandexPlayer(Signature, requireYandexSecrets(ctx, game), {
      nowMs: ctx.now(),
      maxAgeSeconds: ctx.config.platforms.yandex.signedMaxAgeSeconds,
    });
    if (!verdict.ok) throw new PlatformAuthError(FAILURE_CODES[verdict.failure], 'YandexGames', verdict.failure);
    const lang = verdict.lang?.toLowerCase();
    const locale = (PORTAL_LOCALES as readonly string[]).includes(lang ?? '') ? lang : undefined;
    return { type: 'YandexGames', id: verdict.uniqueId, profile: { name: verdict.name, locale } };
  },
  callbackRoutes: yandexPurchaseRoutes,
  // Yandex's own purchase window: a game with a Yandex key here sells what has a Yandex price.
  payments: {
    configured: (ctx, game) => !!yandexSecretsOf(ctx, game)?.length,
    sells: (product) => yandexPriceOf(product) !== undefined,
  },
};
