import { FacebookGamesLoginSchema } from '@fxid/contract';
import type { ServerPlatform } from '../server-platform.js';
import { fbGamesAppOf } from './fbgames-apps.js';
import { fbGamesCallbackRoutes } from './fbgames-callback-routes.js';
import { startFbGamesPayment } from './fbgames-payment-start.js';
import { fbGamesPriceOf } from './fbgames-products.js';
import { verifyFbGamesUser } from './fbgames-signed.js';

/**
 * Facebook Games (canvas): the signed_request signs the player in (identity `FacebookGames`, the
 * app-scoped user_id); purchases go through the FB.ui pay dialog with our products' Open Graph
 * pages and complete by Facebook's signed payments webhook and a Graph API lookup.
 */
export const fbGamesPlatform: ServerPlatform = {
  adapter: 'fbgames',
  platform: 'FacebookGames',
  loginBlock: 'FacebookGamesLogin',
  verifyLogin(ctx, game, block) {
    const { SignedRequest } = FacebookGamesLoginSchema.parse(block);
    const { userId } = verifyFbGamesUser(ctx, game, SignedRequest, { fresh: true });
    return { type: 'FacebookGames', id: userId, profile: {} };
  },
  createPayment: (ctx, accountId, game, input) => startFbGamesPayment(ctx, accountId, game, input),
  callbackRoutes: fbGamesCallbackRoutes,
  payments: {
    configured: (ctx, game) => !!fbGamesAppOf(ctx, game),
    sells: (product) => fbGamesPriceOf(product) !== undefined,
  },
};
