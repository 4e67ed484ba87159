import { wrapperPlatform } from './wrapper-platform.js';

/**
 * FxLauncher: our desktop launcher signs its player in to the page with a token its own session
 * asked for; purchases go through the portal's web checkout (the launcher has no store of its own).
 */
export const fxLauncherPlatform = wrapperPlatform({
  adapter: 'fxlauncher',
  platform: 'FxLauncher',
  loginBlock: 'FxLauncherLogin',
  tokenPath: '/ftl_integration/:Game/launcher/sign_in_token',
  tag: 'launcher',
  // The portal's web checkout, as on the own site: its provider for the game, the web store's products;
  // the buyer is the bearer's account, so there is no platform proof to check.
  payments: {
    configured: (ctx, game) => !!ctx.payments.forGame(game, 'fxlauncher'),
    sells: () => true,
    webCheckout: async () => undefined,
  },
});
