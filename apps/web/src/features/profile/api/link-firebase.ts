import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';

/** POST /auth/link_firebase: adds the Google, Apple or Facebook identity of an ID token; the answer is the account. */
export function linkFirebase(api: ApiClient, bearer: string, idToken: string) {
  return unwrap(api.POST('/api/v1/auth/link_firebase', { body: { Token: idToken }, headers: bearerHeaders(bearer) }));
}
