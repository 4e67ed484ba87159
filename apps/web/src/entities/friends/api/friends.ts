import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { useAuthToken } from '../../../shared/lib/auth-token';

export type Friend = components['schemas']['Friend'];

/** POST /friends/get: the player's friends updated within the last year, statuses of `game` preferred. */
export function fetchFriends(api: ApiClient, token: string, game: string): Promise<Friend[]> {
  return unwrap(api.POST('/api/v1/friends/get', { body: { Game: game }, headers: bearerHeaders(token) })).then(
    (data) => data.Friends,
  );
}

/** Keyed by token: another player never sees the previous one's friends. */
export function friendsQuery(api: ApiClient, token: string, game: string) {
  return queryOptions({ queryKey: ['friends', token, game], queryFn: () => fetchFriends(api, token, game) });
}

/** The signed-in player's friends as seen from `game`; idle for a guest. */
export function useFriends(game: string) {
  const token = useAuthToken();
  return useQuery({ ...friendsQuery(useApiClient(), token ?? '', game), enabled: !!token });
}
