import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import { requireParam } from '../../../shared/api/problem';
import type { components } from '../../../shared/api/schema';

export type LegalDocument = components['schemas']['LegalDocument'];
export type DocumentVersion = components['schemas']['DocumentVersion'];

/** POST /games/documents/list-with-versions: a game's legal documents, content in one language. */
export function fetchDocuments(api: ApiClient, game: string, locale: string): Promise<LegalDocument[]> {
  const GameSystemName = requireParam(game, 'game', 'listDocumentsWithVersions');
  return unwrap(
    api.POST('/api/v1/games/documents/list-with-versions', { body: { GameSystemName, Locale: locale } }),
  ).then((data) => data.Documents);
}

export function documentsQuery(api: ApiClient, game: string, locale: string) {
  return queryOptions({ queryKey: ['documents', game, locale], queryFn: () => fetchDocuments(api, game, locale) });
}

export function useDocuments(game: string | undefined, locale: string) {
  return useQuery({ ...documentsQuery(useApiClient(), game ?? '', locale), enabled: !!game });
}
