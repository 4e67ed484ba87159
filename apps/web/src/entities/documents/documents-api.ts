import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../shared/api/api-context';
import { bearerHeaders, unwrap } from '../../shared/api/call';
import type { ApiClient } from '../../shared/api/client';
import { requireParam } from '../../shared/api/problem';
import type { components } from '../../shared/api/schema';

export type LegalDocument = components['schemas']['LegalDocument'];
export type DocumentVersion = components['schemas']['DocumentVersion'];

/** Who asks, about which game, in which language. */
export interface DocumentsCaller {
  api: ApiClient;
  token: string;
  game: string;
  locale: string;
}

/** POST /games/documents/list-with-versions: a game's legal documents, content in one language. */
export function fetchDocuments(api: ApiClient, game: string, locale: string): Promise<LegalDocument[]> {
  const GameSystemName = requireParam(game, 'game', 'listDocumentsWithVersions');
  return unwrap(
    api.POST('/api/v1/games/documents/list-with-versions', { body: { GameSystemName, Locale: locale } }),
  ).then((data) => data.Documents);
}

/** A game's documents in one language, cached per game and language (the docs pages). */
export function documentsQuery(api: ApiClient, game: string, locale: string) {
  return queryOptions({ queryKey: ['documents', game, locale], queryFn: () => fetchDocuments(api, game, locale) });
}

export function useDocuments(game: string | undefined, locale: string) {
  return useQuery({ ...documentsQuery(useApiClient(), game ?? '', locale), enabled: !!game });
}

/** POST /games/documents/list-latest-unaccepted-documents (B): what the player must still accept. */
export function fetchLatestUnaccepted({ api, token, game, locale }: DocumentsCaller): Promise<LegalDocument[]> {
  const GameSystemName = requireParam(game, 'game', 'listLatestUnacceptedDocuments');
  return unwrap(
    api.POST('/api/v1/games/documents/list-latest-unaccepted-documents', {
      body: { GameSystemName, Locale: locale },
      headers: bearerHeaders(token),
    }),
  ).then((data) => data.Documents);
}

/** GET /games/{Game}/documents/{Id} (B): one document with every version. */
export function fetchGameDocument({ api, token, game, locale }: DocumentsCaller, id: number): Promise<LegalDocument> {
  return unwrap(
    api.GET('/api/v1/games/{Game}/documents/{Id}', {
      params: { path: { Game: game, Id: id }, query: { Locale: locale } },
      headers: bearerHeaders(token),
    }),
  );
}

/** POST /games/documents/accept (B): accepts one version, the latest, of a document. */
export async function acceptDocumentVersion(
  { api, token }: Pick<DocumentsCaller, 'api' | 'token'>,
  version: Pick<DocumentVersion, 'DocumentId' | 'Id'>,
): Promise<void> {
  await unwrap(
    api.POST('/api/v1/games/documents/accept', {
      body: { DocumentId: version.DocumentId, DocumentVersionId: version.Id },
      headers: bearerHeaders(token),
    }),
  );
}
