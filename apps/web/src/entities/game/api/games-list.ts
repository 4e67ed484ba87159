import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

export type GameSummary = components['schemas']['GameSummary'];

/** POST /games/list: the catalog's games as cards, in one language. */
export function fetchGamesList(api: ApiClient, locale: string): Promise<GameSummary[]> {
  return unwrap(api.POST('/api/v1/games/list', { body: { Locale: locale } })).then((data) => data.AvailableGames);
}

export function gamesListQuery(api: ApiClient, locale: string) {
  return queryOptions({ queryKey: ['games', 'list', locale], queryFn: () => fetchGamesList(api, locale) });
}

export function useGamesList(locale: string) {
  return useQuery(gamesListQuery(useApiClient(), locale));
}
