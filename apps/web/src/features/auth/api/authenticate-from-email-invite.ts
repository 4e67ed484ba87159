import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';

/** POST /auth/authenticate_from_email_invite: spends a magic link and returns the session token. */
export function authenticateFromEmailInvite(api: ApiClient, inviteToken: string) {
  return unwrap(api.POST('/api/v1/auth/authenticate_from_email_invite', { body: { InviteToken: inviteToken } }));
}
