import { bearerHeaders, unwrap } from '../api/call';
import type { ApiClient } from '../api/client';
import { requireParam } from '../api/problem';
import type { components } from '../api/schema';

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
