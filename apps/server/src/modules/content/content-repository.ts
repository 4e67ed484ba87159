import type { Kysely, Selectable } from 'kysely';
import type { Database, LegalDocumentsTable, LegalDocumentVersionsTable, NewsTable } from '../../db/schema.js';

/** A news row with the system name of its game (null for portal-wide news). */
export type NewsRow = Selectable<NewsTable> & { game_system_name: string | null };

/** Portal-wide news plus the news of one game, or of every game; newest first. */
export function listNews(db: Kysely<Database>, gameId: string | undefined): Promise<NewsRow[]> {
  let query = db
    .selectFrom('news')
    .leftJoin('games', 'games.id', 'news.game_id')
    .selectAll('news')
    .select('games.system_name as game_system_name');
  if (gameId !== undefined) {
    query = query.where((eb) => eb.or([eb('news.game_id', 'is', null), eb('news.game_id', '=', gameId)]));
  }
  return query.orderBy('news.created_at', 'desc').orderBy('news.id').execute();
}

export function listDocuments(db: Kysely<Database>, gameId: string): Promise<Selectable<LegalDocumentsTable>[]> {
  return db.selectFrom('legal_documents').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
}

/** Versions of the given documents, newest first. */
export async function listVersions(
  db: Kysely<Database>,
  documentIds: number[],
): Promise<Selectable<LegalDocumentVersionsTable>[]> {
  if (documentIds.length === 0) return [];
  return db
    .selectFrom('legal_document_versions')
    .selectAll()
    .where('document_id', 'in', documentIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
