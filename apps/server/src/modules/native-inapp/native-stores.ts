import type { AppContext } from '../../context.js';
import { FakeAppStore } from './app-store-fake.js';
import { FakeGooglePlay } from './google-play-fake.js';
import type { AppStoreApp, AppStoreConfig, GooglePlayConfig } from './native-config.js';

/**
 * Which store app is a game's, and how to reach the store: as configured, or in development
 * with nothing configured, the fake stores this server serves under /dev/native (offline: the
 * same vendor clients call them over HTTP, the same checks run). A game's package and bundle
 * id there are `dev.fxid.<game>` (hyphens as underscores).
 */

/** The fakes of development, made on first use (the App Store's test root needs openssl). */
let fakes: { google: FakeGooglePlay; apple: FakeAppStore } | undefined;
export function devStoreFakes() {
  fakes ??= { google: new FakeGooglePlay(), apple: new FakeAppStore() };
  return fakes;
}

/** A game's package name and bundle id in development. */
export const devAppIdOf = (game: string) => `dev.fxid.${game.replace(/-/g, '_')}`;

const devGoogle = new WeakMap<GooglePlayConfig, GooglePlayConfig>();
const devApple = new WeakMap<AppStoreConfig, AppStoreConfig>();
/** One app object per game, so that its API client (cached by app) is made once. */
const devApps = new Map<string, AppStoreApp>();

/** The game's Play package and the configuration to validate it with, if it sells on Google Play here. */
export function googlePlayOf(
  ctx: AppContext,
  game: string,
): { packageName: string; config: GooglePlayConfig } | undefined {
  const config = ctx.config.nativeInApp.googlePlay;
  if (config.dev) {
    let dev = devGoogle.get(config);
    if (!dev) {
      const { google } = devStoreFakes();
      const base = `${ctx.config.publicUrl}/dev/native/google-play`;
      const privateKey = google.keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      dev = {
        ...config,
        serviceAccount: { clientEmail: google.clientEmail, privateKey },
        apiUrl: `${base}/`,
        tokenUrl: `${base}/token`,
      };
      devGoogle.set(config, dev);
    }
    return { packageName: devAppIdOf(game), config: dev };
  }
  const packageName = config.packages[game];
  return packageName && config.serviceAccount ? { packageName, config } : undefined;
}

/** The game's App Store app and the configuration to validate it with, if it sells on the App Store here. */
export function appStoreOf(ctx: AppContext, game: string): { app: AppStoreApp; config: AppStoreConfig } | undefined {
  const config = ctx.config.nativeInApp.appStore;
  if (config.dev) {
    let dev = devApple.get(config);
    if (!dev) {
      const { apple } = devStoreFakes();
      dev = {
        ...config,
        environment: 'Sandbox',
        apiKey: { keyId: apple.apiKey.keyId, issuerId: apple.apiKey.issuerId, privateKey: apple.apiKeyPem() },
        rootCertificates: [apple.chain.rootDer],
        apiUrl: `${ctx.config.publicUrl}/dev/native/app-store`,
      };
      devApple.set(config, dev);
    }
    let app = devApps.get(game);
    if (!app) {
      app = { bundleId: devAppIdOf(game), appAppleId: undefined };
      devApps.set(game, app);
    }
    return { app, config: dev };
  }
  const app = config.apps[game];
  return app && config.apiKey && config.rootCertificates.length > 0 ? { app, config } : undefined;
}
