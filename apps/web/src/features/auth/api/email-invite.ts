import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

export type EmailInviteRequest = components['schemas']['EmailInviteRequest'];

/** POST /invite/email_invite: mails a magic sign-in link after the robot check. */
export function sendEmailInvite(api: ApiClient, body: EmailInviteRequest) {
  return unwrap(api.POST('/api/v1/invite/email_invite', { body }));
}

/** POST /auth/link_email: mails a link that adds the address to the signed-in account (this browser only). */
export function linkEmail(api: ApiClient, bearer: string, body: components['schemas']['LinkEmailRequest']) {
  return unwrap(api.POST('/api/v1/auth/link_email', { body, headers: bearerHeaders(bearer) }));
}

export function useSendEmailInvite() {
  const api = useApiClient();
  return useMutation({ mutationFn: (body: EmailInviteRequest) => sendEmailInvite(api, body) });
}
