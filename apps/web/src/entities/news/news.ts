import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../shared/api/api-context';
import { unwrap } from '../../shared/api/call';
import type { ApiClient } from '../../shared/api/client';
import type { components } from '../../shared/api/schema';

export type NewsItem = components['schemas']['NewsItem'];

/** An item's header and message: the server sends them in the asked language (or its fallback) first. */
export function newsText(item: NewsItem): { Header: string; Message: string } {
  return item.Messages[0] ?? { Header: '', Message: '' };
}

/** News stays fresh for 5 minutes and is kept for 10 (spec §9). */
export const NEWS_STALE_MS = 300_000;
export const NEWS_GC_MS = 600_000;

/** POST /info/news: portal news (and one game's, when given), newest first. */
export function fetchNews(api: ApiClient, locale: string, game?: string): Promise<NewsItem[]> {
  return unwrap(
    api.POST('/api/v1/info/news', { body: { Locale: locale, ...(game ? { GameSystemName: game } : {}) } }),
  ).then((data) => data.News);
}

export function newsQuery(api: ApiClient, locale: string, game?: string) {
  return queryOptions({
    queryKey: ['news', locale, game ?? null],
    queryFn: () => fetchNews(api, locale, game),
    staleTime: NEWS_STALE_MS,
    gcTime: NEWS_GC_MS,
  });
}

export function useNews(locale: string, game?: string) {
  return useQuery(newsQuery(useApiClient(), locale, game));
}
