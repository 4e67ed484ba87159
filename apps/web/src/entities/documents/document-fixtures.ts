import type { LegalDocument } from './documents-api';

// For tests only: legal documents as the server lists them.

/** A Gem Garden document that needs acceptance, with one version holding `text` (Markdown, English). */
export function dueDocument(id: number, text: string, type: 'TOS' | 'PP' = 'TOS'): LegalDocument {
  return {
    Id: id,
    DocumentType: { Value: type, NeedUserAcceptance: true },
    CreatedAt: '2026-01-15T00:00:00.000Z',
    IsActive: true,
    GameSystemName: 'gem-garden',
    Region: 'All',
    Versions: [
      {
        Id: id * 10 + 1,
        Content: { Value: text, ContentType: 'Markdown', Locale: 'en', Locales: ['en'] },
        CreatedAt: '2026-01-15T00:00:00.000Z',
        DocumentId: id,
        Accepts: [],
      },
    ],
  };
}
