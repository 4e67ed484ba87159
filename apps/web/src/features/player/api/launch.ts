import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import { requireParam } from '../../../shared/api/problem';
import type { components } from '../../../shared/api/schema';
import { PORTAL_BUILD_NUMBER, PORTAL_OTA_VERSION } from '../../../shared/config/portal-build';
import { useAuthToken } from '../../../shared/lib/auth-token';

export type LaunchData = components['schemas']['PlayGameResponse'];

/** GET /play/{Game}: where the game loads from and, for a signed-in player, a GameJwt. */
export function fetchLaunchData(api: ApiClient, game: string, platform: string, token: string | null) {
  const Game = requireParam(game, 'game', 'playGame');
  return unwrap(
    api.GET('/api/v1/play/{Game}', {
      params: {
        path: { Game },
        query: { OtaVersion: PORTAL_OTA_VERSION, BuildNumber: PORTAL_BUILD_NUMBER, WebPublishingPlatform: platform },
      },
      ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
    }),
  );
}

/** Launch data per game, platform and player: signing in or out fetches it anew (a new GameJwt). */
export function launchDataQuery(api: ApiClient, game: string | undefined, platform: string, token: string | null) {
  return queryOptions({
    queryKey: ['play', game, platform, token],
    queryFn: () => fetchLaunchData(api, game ?? '', platform, token),
    enabled: !!game,
    refetchOnWindowFocus: false,
  });
}

export function useLaunchData(game: string | undefined, platform: string) {
  return useQuery(launchDataQuery(useApiClient(), game, platform, useAuthToken()));
}
