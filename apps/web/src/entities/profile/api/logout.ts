import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';

/** GET /auth/logout: ends the session on the server. */
export function logout(api: ApiClient, token: string) {
  return unwrap(api.GET('/api/v1/auth/logout', { headers: bearerHeaders(token) }));
}
