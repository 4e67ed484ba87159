import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from './api-context';
import { unwrap } from './call';
import type { ApiClient } from './client';
import type { components } from './schema';

export type StoreData = components['schemas']['StoreDataResponse'];
export type StoreProductData = components['schemas']['StoreProduct'];

/** What a store front is asked for: the game, where it runs, and the language of names and prices. */
export interface StoreDataRequest {
  game: string;
  platform: string;
  locale: string;
}

/** POST /store/store_data: the game's products with prices formatted for the locale. */
export function fetchStoreData(api: ApiClient, { game, platform, locale }: StoreDataRequest): Promise<StoreData> {
  return unwrap(
    api.POST('/api/v1/store/store_data', {
      body: { Game: game, WebPublishingPlatform: platform, Locale: locale },
    }),
  );
}

export function storeDataQuery(api: ApiClient, request: StoreDataRequest) {
  return queryOptions({
    queryKey: ['store', 'data', request.game, request.platform, request.locale],
    queryFn: () => fetchStoreData(api, request),
  });
}

export function useStoreData(request: StoreDataRequest) {
  return useQuery(storeDataQuery(useApiClient(), request));
}
