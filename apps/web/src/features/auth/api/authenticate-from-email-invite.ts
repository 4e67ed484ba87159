import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';

/**
 * POST /auth/authenticate_from_email_invite: spends a magic link and returns the session
 * token. The browser that asked for the link proves it with its nonce; any other browser
 * sends the player's confirmation.
 */
export function authenticateFromEmailInvite(
  api: ApiClient,
  inviteToken: string,
  proof: { BrowserNonce: string } | { Confirmed: true } | Record<string, never>,
) {
  return unwrap(
    api.POST('/api/v1/auth/authenticate_from_email_invite', { body: { InviteToken: inviteToken, ...proof } }),
  );
}

/** POST /auth/email_invite_details: whose sign-in a link is and which device asked; spends nothing. */
export function emailInviteDetails(api: ApiClient, inviteToken: string) {
  return unwrap(api.POST('/api/v1/auth/email_invite_details', { body: { InviteToken: inviteToken } }));
}
