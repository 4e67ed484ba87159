import type { Kysely, Selectable } from 'kysely';
import type { Database, DocumentAcceptancesTable, LegalDocumentsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/** An acceptance with the system name of its document's game. */
export type AcceptanceRow = Selectable<DocumentAcceptancesTable> & { game_system_name: string };

/** A document with the system name of its game. */
export type DocumentRow = Selectable<LegalDocumentsTable> & { game_system_name: string };

export function findDocument(db: Kysely<Database>, documentId: number): Promise<DocumentRow | undefined> {
  return db
    .selectFrom('legal_documents')
    .innerJoin('games', 'games.id', 'legal_documents.game_id')
    .selectAll('legal_documents')
    .select('games.system_name as game_system_name')
    .where('legal_documents.id', '=', documentId)
    .executeTakeFirst();
}

/** The id of a document's latest version: the newest, ties broken by the higher id. */
export async function latestVersionId(db: Kysely<Database>, documentId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('legal_document_versions')
    .select('id')
    .where('document_id', '=', documentId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id;
}

export async function versionBelongsTo(db: Kysely<Database>, versionId: number, documentId: number) {
  const row = await db
    .selectFrom('legal_document_versions')
    .select('id')
    .where('id', '=', versionId)
    .where('document_id', '=', documentId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Records an acceptance once; a repeat leaves the first one in place. */
export async function insertAcceptance(
  db: Kysely<Database>,
  values: { account_id: string; document_id: number; document_version_id: number; accepted_at: number },
): Promise<void> {
  await db
    .insertInto('document_acceptances')
    .values({ id: newId(), ...values })
    .onConflict((oc) => oc.columns(['account_id', 'document_version_id']).doNothing())
    .execute();
}

/** An account's acceptances, newest first; of one game's documents, or of every game's. */
export function listAcceptances(
  db: Kysely<Database>,
  accountId: string,
  filter: { gameId?: string; documentIds?: number[]; versionId?: number } = {},
): Promise<AcceptanceRow[]> {
  let query = db
    .selectFrom('document_acceptances')
    .innerJoin('legal_documents', 'legal_documents.id', 'document_acceptances.document_id')
    .innerJoin('games', 'games.id', 'legal_documents.game_id')
    .selectAll('document_acceptances')
    .select('games.system_name as game_system_name')
    .where('document_acceptances.account_id', '=', accountId);
  if (filter.gameId !== undefined) query = query.where('legal_documents.game_id', '=', filter.gameId);
  if (filter.documentIds !== undefined) {
    if (filter.documentIds.length === 0) return Promise.resolve([]);
    query = query.where('document_acceptances.document_id', 'in', filter.documentIds);
  }
  if (filter.versionId !== undefined)
    query = query.where('document_acceptances.document_version_id', '=', filter.versionId);
  return query.orderBy('document_acceptances.accepted_at', 'desc').orderBy('document_acceptances.id', 'desc').execute();
}
