import { OdnoklassnikiLoginSchema } from '@fxid/contract';
import { PlatformAuthError } from '../../../errors.js';
import type { ServerPlatform } from '../server-platform.js';
import { okAppOf, requireOkApp } from './ok-apps.js';
import { okPaymentRoutes } from './ok-payment-routes.js';
import { startOkPayment } from './ok-payment-start.js';
import { okPriceOf } from './ok-payments.js';
import { type OkLaunchFailure, verifyOkLaunch } from './ok-sign.js';

/** Which stable error code each refusal of launch parameters answers with. */
const FAILURE_CODES = {
  malformed: 'platform_sign_invalid',
  duplicate_key: 'platform_sign_invalid',
  missing_sig: 'platform_sign_invalid',
  bad_sig: 'platform_sign_invalid',
  other_app: 'platform_app_mismatch',
} as const satisfies Record<OkLaunchFailure, ConstructorParameters<typeof PlatformAuthError>[0]>;

/** Odnoklassniki: launch auth_sig with the application secret key; OK's callbacks.payment. */
export const okPlatform: ServerPlatform = {
  adapter: 'ok',
  platform: 'Odnoklassniki',
  loginBlock: 'OdnoklassnikiLogin',
  verifyLogin(ctx, game, block) {
    const { QueryString } = OdnoklassnikiLoginSchema.parse(block);
    const verdict = verifyOkLaunch(QueryString, requireOkApp(ctx, game));
    if (!verdict.ok) throw new PlatformAuthError(FAILURE_CODES[verdict.failure], 'Odnoklassniki', verdict.failure);
    return { type: 'Odnoklassniki', id: verdict.userId, profile: {} };
  },
  createPayment: (ctx, accountId, game, input) => startOkPayment(ctx, accountId, game, input),
  callbackRoutes: okPaymentRoutes,
  // OK payments need the game's OK application (its secret verifies callbacks.payment); products sell in OKs.
  payments: {
    configured: (ctx, game) => !!okAppOf(ctx, game),
    sells: (product) => okPriceOf(product) !== undefined,
  },
};
