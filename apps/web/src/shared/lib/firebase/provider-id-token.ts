import type { FirebaseOptions } from '@fxid/contract';
import { FIREBASE_PROVIDER_IDS, type LoginProvider } from './firebase-providers';
import { openLocalProviderWindow } from './local-provider-window';

/** Loads Firebase Auth's chunk ahead of a click, once a provider button shows. */
export const preloadFirebase = () => import('./firebase-id-token');

/**
 * A Firebase ID token of the player signed in with the provider: through the provider's
 * popup with Google's Firebase, or the development server's stand-in when `emulatorUrl`
 * is set. Call it inside the click: the provider's window opens at once.
 */
export function providerIdToken(
  provider: LoginProvider,
  options: FirebaseOptions,
  emulatorUrl: string | undefined,
): Promise<string> {
  const local = emulatorUrl
    ? { emulatorUrl, assertion: openLocalProviderWindow(emulatorUrl, FIREBASE_PROVIDER_IDS[provider]) }
    : undefined;
  return preloadFirebase().then(({ firebaseIdToken }) => firebaseIdToken(provider, options, local));
}
