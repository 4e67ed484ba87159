import type { FirebaseOptions } from '@fxid/contract';
import type { ApiClient } from '../../../shared/api/client';
import { storeAuthToken } from '../../../shared/lib/auth-token';
import { providerIdToken } from '../../../shared/lib/firebase/provider-id-token';
import { authenticateFromFirebase } from '../api/authenticate-from-firebase';
import { assertProviderSupported } from './providers';
import { trackSignIn } from './sign-in-progress';

export interface ProviderLoginInput {
  provider: string;
  firebaseOptions: FirebaseOptions;
  /** The development server's Firebase stand-in (page config); absent: Google's Firebase. */
  emulatorUrl?: string | undefined;
  gameSystemName?: string | undefined;
  marketingEnabled?: boolean | undefined;
}

/**
 * Signs in with Google, Apple or Facebook: Firebase signs the player in with the provider,
 * the server exchanges its ID token for a session, and the session token is stored as an
 * email sign-in's is. Call it inside the click: the provider's window opens at once.
 */
export function signInWithProvider(api: ApiClient, input: ProviderLoginInput): Promise<void> {
  const { provider } = input;
  assertProviderSupported(provider);
  const idToken = providerIdToken(provider, input.firebaseOptions, input.emulatorUrl);
  return trackSignIn(
    (async () => {
      const session = await authenticateFromFirebase(api, {
        Token: await idToken,
        ...(input.gameSystemName ? { GameSystemName: input.gameSystemName } : {}),
        ...(input.marketingEnabled ? { MarketingEnabled: true } : {}),
      });
      storeAuthToken(session.Token);
    })(),
  );
}
