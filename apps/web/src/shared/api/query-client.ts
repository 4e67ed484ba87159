import { QueryClient } from '@tanstack/react-query';

/**
 * Catalog data changes only when an operator publishes, so queries never go stale
 * on their own; the few that do (news) set their own times.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: 1 },
    },
  });
}
