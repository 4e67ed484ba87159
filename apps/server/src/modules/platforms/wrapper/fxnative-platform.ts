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
    // A store app for the game here (native-stores.ts; read from the config, as native-inapp imports this module).
    // Config validation requires the keys with each package or app; in development the fakes serve every game.
    configured: (ctx, game) => {
      const { googlePlay, appStore } = ctx.config.nativeInApp;
      const name = game.definition.GameSystemName;
      return (
        googlePlay.dev || appStore.dev || Object.hasOwn(googlePlay.packages, name) || Object.hasOwn(appStore.apps, name)
      );
    },
    sells: () => true,
  },
});
