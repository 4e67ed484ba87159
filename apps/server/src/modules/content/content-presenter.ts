import type { LegalDocument, NewsItem } from '@fxid/contract';
import type { Selectable } from 'kysely';
import type { LegalDocumentsTable, LegalDocumentVersionsTable } from '../../db/schema.js';
import type { NewsRow } from './content-repository.js';

/** The key of `texts` to show: the wanted locale, else the fallback, else the first one written. */
export function pickLocale(texts: Record<string, unknown>, locale: string | undefined, fallback: string): string {
  const wanted = locale?.toLowerCase();
  if (wanted && wanted in texts) return wanted;
  if (fallback in texts) return fallback;
  return Object.keys(texts)[0] ?? fallback;
}

const instant = (epochMs: number) => new Date(epochMs).toISOString();

export function toNewsItem(row: NewsRow, locale: string, fallback: string): NewsItem {
  const messages = JSON.parse(row.messages_json) as Record<string, { Header: string; Message: string }>;
  const shown = pickLocale(messages, locale, fallback);
  const text = messages[shown] ?? { Header: '', Message: '' };
  return {
    Id: row.id,
    CreatedAt: instant(row.created_at),
    ...(row.game_system_name ? { GameSystemName: row.game_system_name } : {}),
    Messages: [{ Locale: shown, Header: text.Header, Message: text.Message }],
    Priority: row.priority as NewsItem['Priority'],
    ...(row.link ? { Link: row.link } : {}),
    ...(row.icon_url ? { IconUrl: row.icon_url } : {}),
    ...(row.image_url ? { ImageUrl: row.image_url } : {}),
    Tags: JSON.parse(row.tags_json) as string[],
  };
}

export function toLegalDocument(
  document: Selectable<LegalDocumentsTable>,
  versions: Selectable<LegalDocumentVersionsTable>[],
  gameSystemName: string,
  locale: string | undefined,
  fallback: string,
): LegalDocument {
  return {
    Id: document.id,
    DocumentType: {
      Value: document.document_type as LegalDocument['DocumentType']['Value'],
      NeedUserAcceptance: document.need_user_acceptance === 1,
    },
    CreatedAt: instant(document.created_at),
    IsActive: document.is_active === 1,
    GameSystemName: gameSystemName,
    Region: document.region as LegalDocument['Region'],
    Versions: versions.map((version) => {
      const content = JSON.parse(version.content_json) as Record<string, string>;
      const chosen = pickLocale(content, locale, fallback);
      return {
        Id: version.id,
        ...(version.url ? { Url: version.url } : {}),
        Content: {
          Value: content[chosen] ?? '',
          ContentType: 'Markdown',
          Locale: chosen,
          Locales: Object.keys(content),
        },
        CreatedAt: instant(version.created_at),
        DocumentId: version.document_id,
        // Acceptances belong to an account; this anonymous list has none to show.
        Accepts: [],
      };
    }),
  };
}
