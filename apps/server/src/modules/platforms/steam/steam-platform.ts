import type { ServerPlatform } from '../server-platform.js';
import { steamAppOf, steamPriceOf } from './steam-apps.js';
import { startSteamTxn } from './steam-payment-start.js';
import { steamRoutes } from './steam-routes.js';
import { steamIdentity } from './steam-sign-in.js';

/** Steam: Web API auth tickets checked at Steam; microtransactions (InitTxn, the overlay, FinalizeTxn, QueryTxn). */
export const steamPlatform: ServerPlatform = {
  adapter: 'steam',
  platform: 'Steam',
  loginBlock: 'SteamLogin',
  verifyLogin: (ctx, game, block) => steamIdentity(ctx, game, block),
  createPayment: (ctx, accountId, game, input, log) => startSteamTxn(ctx, accountId, game, input, log),
  callbackRoutes: steamRoutes,
  // Steam payments need the game's app and publisher key; products sell in US cents (PlatformPrices.steam).
  payments: {
    configured: (ctx, game) => !!steamAppOf(ctx, game),
    sells: (product) => steamPriceOf(product) !== undefined,
  },
};
