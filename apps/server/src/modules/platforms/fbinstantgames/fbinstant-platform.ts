import { FacebookInstantGamesLoginSchema } from '@fxid/contract';
import { PlatformAuthError } from '../../../errors.js';
import type { ServerPlatform } from '../server-platform.js';
import { fbInstantAppOf, requireFbInstantApp } from './fbinstant-apps.js';
import { fbInstantPriceOf, startFbInstantPayment } from './fbinstant-payment-start.js';
import { type FbInstantPlayerFailure, verifyFbInstantPlayer } from './fbinstant-player.js';
import { fbInstantPurchaseRoutes } from './fbinstant-purchase-routes.js';

/** Which stable error code each refusal of a SignedPlayerInfo answers with. */
const FAILURE_CODES = {
  malformed: 'platform_sign_invalid',
  bad_sign: 'platform_sign_invalid',
  bad_algorithm: 'platform_sign_invalid',
  stale: 'platform_payload_expired',
} as const satisfies Record<FbInstantPlayerFailure, ConstructorParameters<typeof PlatformAuthError>[0]>;

/**
 * Facebook Instant Games: the SignedPlayerInfo (a signed_request with the game's app secret)
 * signs the player in; purchaseAsync's signed purchases are checked by POST /fbinstant/purchase.
 * A player id is scoped to its Facebook app, so the identity is `FacebookNamespaced`, `{appId}:{playerId}`.
 */
export const fbInstantPlatform: ServerPlatform = {
  adapter: 'fbinstantgames',
  platform: 'FacebookInstantGames',
  loginBlock: 'FacebookInstantGamesLogin',
  verifyLogin(ctx, game, block) {
    const { Signature } = FacebookInstantGamesLoginSchema.parse(block);
    const app = requireFbInstantApp(ctx, game);
    const verdict = verifyFbInstantPlayer(Signature, app.secrets, {
      nowMs: ctx.now(),
      maxAgeSeconds: ctx.config.platforms.fbinstantgames?.signedMaxAgeSeconds ?? 3600,
    });
    if (!verdict.ok) {
      throw new PlatformAuthError(FAILURE_CODES[verdict.failure], 'FacebookInstantGames', verdict.failure);
    }
    return { type: 'FacebookNamespaced', id: `${app.appId}:${verdict.playerId}`, profile: {} };
  },
  createPayment: (ctx, accountId, game, input) => startFbInstantPayment(ctx, accountId, game, input),
  callbackRoutes: fbInstantPurchaseRoutes,
  // Facebook's own payments need the game's app (its secret verifies the signed purchases).
  payments: {
    configured: (ctx, game) => !!fbInstantAppOf(ctx, game),
    sells: (product) => fbInstantPriceOf(product) !== undefined,
  },
};
