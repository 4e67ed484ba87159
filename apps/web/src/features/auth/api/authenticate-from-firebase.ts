import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

export type AuthenticateFromFirebaseRequest = components['schemas']['AuthenticateFromFirebaseRequest'];

/** POST /auth/authenticate_from_firebase: exchanges a Firebase ID token (spent once) for a session token. */
export function authenticateFromFirebase(api: ApiClient, body: AuthenticateFromFirebaseRequest) {
  return unwrap(api.POST('/api/v1/auth/authenticate_from_firebase', { body }));
}
