import type { ApiClient } from '../../shared/api/client';
import type { ModalApi } from '../../shared/ui/modals/modal-manager';
import { openDocumentViewer } from '../../shared/ui/modals/open-document-viewer';
import { viewerContentOf } from '../../shared/ui/modals/viewer-content';
import { fetchDocuments } from './documents-api';

/** A game has no active document of the asked type (or it has no version). */
export class DocumentNotFoundError extends Error {
  readonly code = 'document_not_found';
  constructor(readonly type: string) {
    super(`No active ${type} document`);
  }
}

export interface LegalDocumentRequest {
  api: ApiClient;
  game: string;
  locale: string;
  type: 'TOS' | 'PP';
  title: string;
}

/**
 * Opens a game's active terms or privacy policy in the document viewer: its newest
 * version's text as markdown, or, for a version without text, its address.
 */
export function openLegalDocument(modals: ModalApi, { api, game, locale, type, title }: LegalDocumentRequest): number {
  return openDocumentViewer(modals, title, async () => {
    const documents = await fetchDocuments(api, game, locale);
    const version = documents.find((document) => document.DocumentType.Value === type && document.IsActive)
      ?.Versions[0];
    if (!version) throw new DocumentNotFoundError(type);
    return viewerContentOf(version.Content.Value, version.Url, version.Content.Locale);
  });
}
