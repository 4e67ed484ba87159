import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { unwrap } from '../../../shared/api/call';
import type { components } from '../../../shared/api/schema';

export type Faq = components['schemas']['FaqResponse'];

/** POST /info/faq: the company's FAQ in `locale` (or the default language), from the catalog. */
export function useFaq(locale: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['faq', locale],
    queryFn: (): Promise<Faq> => unwrap(api.POST('/api/v1/info/faq', { body: { Locale: locale } })),
    // No FAQ in the catalog (404) stays so on retry.
    retry: (count, error) => ((error as { status?: number }).status ?? 500) >= 500 && count < 1,
  });
}
