import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { useAuthToken } from '../../../shared/lib/auth-token';

export type Account = components['schemas']['Account'];

/** Spec §5 wording when the profile is asked for without a token. */
export const NO_TOKEN_MESSAGE = 'Failed profile data fetch: authToken is not available.';

/** POST /profile: the signed-in player's account (spec §5: no token, no fetch). */
export function fetchAccount(api: ApiClient, token: string | null): Promise<Account> {
  if (!token) return Promise.reject(new Error(NO_TOKEN_MESSAGE));
  return unwrap(api.POST('/api/v1/profile', { body: {}, headers: bearerHeaders(token) }));
}

/** Keyed by token: a new sign-in never sees the previous player's account. */
export function accountQuery(api: ApiClient, token: string | null) {
  return queryOptions({
    queryKey: ['account', token],
    queryFn: () => fetchAccount(api, token),
    // A revoked or expired session is not retried: the player has to sign in again.
    retry: (count, error) => (error as { status?: number }).status !== 401 && count < 1,
  });
}

/** The current player's account; idle while nobody is signed in. */
export function useAccount() {
  const token = useAuthToken();
  return useQuery({ ...accountQuery(useApiClient(), token), enabled: !!token });
}
