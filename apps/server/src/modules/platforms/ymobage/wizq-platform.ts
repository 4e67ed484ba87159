import type { ServerPlatform } from '../server-platform.js';
import { requireWizqApp, wizqAppOf } from './wizq-apps.js';
import { startWizqPayment, wizqPriceOf } from './wizq-payment-start.js';
import { wizqProxyRoutes } from './wizq-proxy-routes.js';
import { wizqIdentity } from './wizq-sign-in.js';

/** WizQ (ymobage): a signed launch token, SecuredOrderId payments reported through WizQ's signed proxy requests. */
export const wizqPlatform: ServerPlatform = {
  adapter: 'ymobage',
  platform: 'WizQ',
  loginBlock: 'WizQLogin',
  verifyLogin: (ctx, game, block) => wizqIdentity(requireWizqApp(ctx, game), block, ctx.now()),
  createPayment: (ctx, accountId, game, input) => startWizqPayment(ctx, accountId, game, input),
  callbackRoutes: wizqProxyRoutes,
  // WizQ payments need the game's WizQ application (its secret verifies the relayed requests); products sell in WizQ coins.
  payments: {
    configured: (ctx, game) => !!wizqAppOf(ctx, game),
    sells: (product) => wizqPriceOf(product) !== undefined,
  },
};
