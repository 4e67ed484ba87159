import type { ServerPlatform } from '../server-platform.js';
import { agAppOf, requireAgApp } from './ag-apps.js';
import { agPaymentRoutes } from './ag-payment-routes.js';
import { startAgPayment } from './ag-payment-start.js';
import { agPriceOf } from './ag-payments.js';
import { agIdentity } from './ag-sign-in.js';

/** Absolute Games (ag.ru): signed iframe parameters, a payment token, AG's signed payment notification. */
export const agPlatform: ServerPlatform = {
  adapter: 'ag',
  platform: 'AbsoluteGames',
  loginBlock: 'AbsoluteGamesLogin',
  verifyLogin: (ctx, game, block) => agIdentity(ctx, requireAgApp(ctx, game), block),
  createPayment: (ctx, accountId, game, input) => startAgPayment(ctx, accountId, game, input),
  callbackRoutes: agPaymentRoutes,
  // AG payments need the game's AG application (its secret verifies the notification); products sell in roubles.
  payments: {
    configured: (ctx, game) => !!agAppOf(ctx, game),
    sells: (product) => agPriceOf(product) !== undefined,
  },
};
