import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';

/** POST /auth/authenticate_from_temp_token: spends a temp token; TempTokenData says where to go. */
export function authenticateFromTempToken(api: ApiClient, tempToken: string) {
  return unwrap(api.POST('/api/v1/auth/authenticate_from_temp_token', { body: { TempToken: tempToken } }));
}
