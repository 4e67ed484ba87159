import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

export type FriendStatusRequest = components['schemas']['FriendStatusRequestInput'];

/** POST /friends/status: the player's status in a game, shown to their friends for a year. */
export function postFriendStatus(api: ApiClient, token: string, body: FriendStatusRequest): Promise<void> {
  return unwrap(api.POST('/api/v1/friends/status', { body, headers: bearerHeaders(token) })).then(() => undefined);
}
