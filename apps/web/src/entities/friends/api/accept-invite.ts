import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';

/** POST /friends/accept_invite: makes the signed-in player a friend of whoever shared the link. */
export function acceptInvite(api: ApiClient, token: string, fxref: string): Promise<void> {
  return unwrap(
    api.POST('/api/v1/friends/accept_invite', { body: { Fxref: fxref }, headers: bearerHeaders(token) }),
  ).then(() => undefined);
}
