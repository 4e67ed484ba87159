import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import { requireParam } from '../../../shared/api/problem';
import type { components } from '../../../shared/api/schema';

export type PublicGameConfig = components['schemas']['PublicGameConfigResponse'];
export type CompanyBranding = components['schemas']['CompanyBranding'];

/** GET /public_game_config/{Game}: the game's public data, web settings and company branding. */
export function fetchPublicGameConfig(api: ApiClient, game: string, platform: string): Promise<PublicGameConfig> {
  const Game = requireParam(game, 'game', 'getPublicGameConfig');
  return unwrap(
    api.GET('/api/v1/public_game_config/{Game}', {
      params: { path: { Game }, query: { WebPublishingPlatform: platform } },
    }),
  );
}

/** The game-choice data: loaded once per game and platform, not refetched when the tab regains focus. */
export function publicGameConfigQuery(api: ApiClient, game: string, platform: string) {
  return queryOptions({
    queryKey: ['games', 'public-config', game, platform],
    queryFn: () => fetchPublicGameConfig(api, game, platform),
    refetchOnWindowFocus: false,
  });
}

export function usePublicGameConfig(game: string | undefined, platform: string) {
  const api = useApiClient();
  return useQuery({ ...publicGameConfigQuery(api, game ?? '', platform), enabled: !!game });
}
