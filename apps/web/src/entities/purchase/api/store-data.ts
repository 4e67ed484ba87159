import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import { ProblemError } from '../../../shared/api/problem';
import type { components } from '../../../shared/api/schema';

export type StoreData = components['schemas']['StoreDataResponse'];
export type StoreProductData = components['schemas']['StoreProduct'];

/** What a store front is asked for: the game, where it runs, and the language of names and prices. */
export interface StoreDataRequest {
  game: string;
  platform: string;
  locale: string;
  /** The signed-in player's token: one-time products they own then come back Owned. */
  token?: string | null;
}

/** POST /store/store_data: the game's products with prices formatted for the locale (and what the player owns). */
export function fetchStoreData(
  api: ApiClient,
  { game, platform, locale, token }: StoreDataRequest,
): Promise<StoreData> {
  return unwrap(
    api.POST('/api/v1/store/store_data', {
      body: { Game: game, WebPublishingPlatform: platform, Locale: locale },
      ...(token ? { headers: bearerHeaders(token) } : {}),
    }),
  );
}

export function storeDataQuery(api: ApiClient, request: StoreDataRequest) {
  return queryOptions({
    // Per player: what they own differs, and a sign-in or sign-out asks again.
    queryKey: ['store', 'data', request.game, request.platform, request.locale, request.token ?? null],
    queryFn: () => fetchStoreData(api, request),
    // A refusal (no such game, not on this platform) will not change on a retry.
    retry: (failures, error) =>
      failures < 1 && !(error instanceof ProblemError && error.status >= 400 && error.status < 500),
  });
}

export function useStoreData(request: StoreDataRequest) {
  return useQuery(storeDataQuery(useApiClient(), request));
}
