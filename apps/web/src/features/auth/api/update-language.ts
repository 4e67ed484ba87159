import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';

/** POST /profile/update: saves the player's UI language on the account. */
export function updateLanguage(api: ApiClient, token: string, language: string) {
  return unwrap(api.POST('/api/v1/profile/update', { body: { Language: language }, headers: bearerHeaders(token) }));
}
