import type { FirebaseOptions } from '@fxid/contract';
import type { ApiClient } from '../../../shared/api/client';
import { storeAuthToken } from '../../../shared/lib/auth-token';
import { authenticateFromFirebase } from '../api/authenticate-from-firebase';
import { openLocalProviderWindow } from './local-provider-window';
import { assertProviderSupported, FIREBASE_PROVIDER_IDS } from './providers';
import { trackSignIn } from './sign-in-progress';

export interface ProviderLoginInput {
  provider: string;
  firebaseOptions: FirebaseOptions;
  /** The development server's Firebase stand-in (page config); absent: Google's Firebase. */
  emulatorUrl?: string | undefined;
  gameSystemName?: string | undefined;
  marketingEnabled?: boolean | undefined;
}

/** Loads Firebase Auth's chunk ahead of a click, once the modal offers a provider. */
export const preloadFirebase = () => import('./firebase-id-token');

/**
 * Signs in with Google, Apple or Facebook: Firebase signs the player in with the provider,
 * the server exchanges its ID token for a session, and the session token is stored as an
 * email sign-in's is. Call it inside the click: the provider's window opens at once.
 */
export function signInWithProvider(api: ApiClient, input: ProviderLoginInput): Promise<void> {
  const { provider } = input;
  assertProviderSupported(provider);
  const local = input.emulatorUrl
    ? {
        emulatorUrl: input.emulatorUrl,
        assertion: openLocalProviderWindow(input.emulatorUrl, FIREBASE_PROVIDER_IDS[provider]),
      }
    : undefined;
  return trackSignIn(
    (async () => {
      const { firebaseIdToken } = await preloadFirebase();
      const token = await firebaseIdToken(provider, input.firebaseOptions, local);
      const session = await authenticateFromFirebase(api, {
        Token: token,
        ...(input.gameSystemName ? { GameSystemName: input.gameSystemName } : {}),
        ...(input.marketingEnabled ? { MarketingEnabled: true } : {}),
      });
      storeAuthToken(session.Token);
    })(),
  );
}
