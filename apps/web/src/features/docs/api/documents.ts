import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import type { ApiClient } from '../../../shared/api/client';
import { fetchDocuments } from '../../../shared/documents/documents-api';

export type { DocumentVersion, LegalDocument } from '../../../shared/documents/documents-api';

export function documentsQuery(api: ApiClient, game: string, locale: string) {
  return queryOptions({ queryKey: ['documents', game, locale], queryFn: () => fetchDocuments(api, game, locale) });
}

export function useDocuments(game: string | undefined, locale: string) {
  return useQuery({ ...documentsQuery(useApiClient(), game ?? '', locale), enabled: !!game });
}
