import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';

/** POST /friends/send_invite_notification: the player's invite link to `game` (a go link carrying their fxref). */
export function fetchInviteLink(api: ApiClient, token: string, game: string): Promise<string> {
  return unwrap(
    api.POST('/api/v1/friends/send_invite_notification', { body: { Game: game }, headers: bearerHeaders(token) }),
  ).then((data) => data.InviteUrl);
}
