import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

/** A platform identity as the link-code calls name it. */
export type LinkableIdentity = components['schemas']['CreateLinkCodeRequest'];

/** POST /auth/create_link_code: a 10-minute code that adds this platform identity to another account. */
export function createLinkCode(api: ApiClient, bearer: string, identity: LinkableIdentity) {
  return unwrap(api.POST('/api/v1/auth/create_link_code', { body: identity, headers: bearerHeaders(bearer) }));
}

/** POST /auth/link_code_details: which identity a code would add here (spends nothing). */
export function linkCodeDetails(api: ApiClient, bearer: string, linkCode: string) {
  return unwrap(
    api.POST('/api/v1/auth/link_code_details', { body: { LinkCode: linkCode }, headers: bearerHeaders(bearer) }),
  );
}

/** POST /auth/link_from_code: adds the code's identity to this account, confirmed; the answer is the account. */
export function linkFromCode(api: ApiClient, bearer: string, linkCode: string) {
  return unwrap(
    api.POST('/api/v1/auth/link_from_code', {
      body: { LinkCode: linkCode, Confirmed: true },
      headers: bearerHeaders(bearer),
    }),
  );
}

/** The i18n key of a refused link-code call. */
export type LinkFailure =
  | 'profile.linkCodeInvalid'
  | 'errors.identityAlreadyOnAccount'
  | 'errors.guestIdentityNotLinkable'
  | 'errors.rateLimited'
  | 'auth.errors.general';

export function linkFailureOf(error: unknown): LinkFailure {
  const code = (error as { problem?: { ErrorCode?: string } } | null)?.problem?.ErrorCode;
  switch (code) {
    case 'invalid_token':
    case 'expired_token':
    case 'validation_failed':
    case 'not_found':
      return 'profile.linkCodeInvalid';
    case 'identity_already_on_account':
      return 'errors.identityAlreadyOnAccount';
    case 'guest_identity_not_linkable':
      return 'errors.guestIdentityNotLinkable';
    case 'rate_limited':
      return 'errors.rateLimited';
    default:
      return 'auth.errors.general';
  }
}
