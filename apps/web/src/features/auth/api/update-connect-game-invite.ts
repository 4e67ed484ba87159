import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';

/** POST /invite/update_connect_game_invite: spends a game-connection link, connects the game, signs in. */
export function updateConnectGameInvite(api: ApiClient, inviteToken: string) {
  return unwrap(api.POST('/api/v1/invite/update_connect_game_invite', { body: { InviteToken: inviteToken } }));
}
