import { appStoreOf, googlePlayOf } from '../../native-inapp/native-stores.js';
import { wrapperPlatform } from './wrapper-platform.js';

/**
 * FxNative: our native app signs its player in to the page with a token its own session asked
 * for; purchases go through the device's store and POST /native/inapp/validate/{Game}.
 */
export const fxNativePlatform = wrapperPlatform({
  adapter: 'fxnative',
  platform: 'FxNative',
  loginBlock: 'FxNativeLogin',
  tokenPath: '/native/sign_in_token/:Game',
  tag: 'store',
  payments: {
    configured: (ctx, game) =>
      !!googlePlayOf(ctx, game.definition.GameSystemName) || !!appStoreOf(ctx, game.definition.GameSystemName),
    sells: () => true,
  },
});
