import type { Kysely, Selectable } from 'kysely';
import type {
  CompanyTable,
  CrossPlayQuestsTable,
  Database,
  GamesTable,
  LegalDocumentsTable,
  LegalDocumentVersionsTable,
  NewsTable,
} from '../../db/schema.js';

/** All SQL of the catalog tables: the import's writes (inside its transaction) and the reads behind GameCatalog. */
export type Db = Kysely<Database>;

export const COMPANY_ROW_ID = 'default';
const VERSION_ROW_ID = 'catalog';

/** How many catalog imports this database has seen (0 before the first). */
export async function readCatalogVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('catalog_version')
    .select('version')
    .where('id', '=', VERSION_ROW_ID)
    .executeTakeFirst();
  return row ? Number(row.version) : 0;
}

/** Counts one more import; call inside the import's transaction. */
export async function bumpCatalogVersion(db: Db, now: number): Promise<void> {
  await db
    .insertInto('catalog_version')
    .values({ id: VERSION_ROW_ID, version: 1, updated_at: now })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({ version: eb('catalog_version.version', '+', 1), updated_at: now })),
    )
    .execute();
}

/** Every game's id, system name and stored definition, in catalog order. */
export function listGameDefinitions(db: Db) {
  return db.selectFrom('games').select(['id', 'system_name', 'definition_json']).orderBy('sort_order').execute();
}

/** The company's stored JSON: its branding and its FAQ. */
export type CompanyJson = Pick<CompanyTable, 'branding_json' | 'faq_json'>;

export function findCompany(db: Db): Promise<CompanyJson | undefined> {
  return db
    .selectFrom('company')
    .select(['branding_json', 'faq_json'])
    .where('id', '=', COMPANY_ROW_ID)
    .executeTakeFirst();
}

export async function upsertCompany(db: Db, company: CompanyJson, now: number): Promise<void> {
  await db
    .insertInto('company')
    .values({ id: COMPANY_ROW_ID, ...company, updated_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...company, updated_at: now }))
    .execute();
}

export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const game = await db.selectFrom('games').select('id').limit(1).executeTakeFirst();
  const company = await db.selectFrom('company').select('id').limit(1).executeTakeFirst();
  return !game && !company;
}

export function listGameRows(db: Db): Promise<Selectable<GamesTable>[]> {
  return db.selectFrom('games').selectAll().execute();
}

export async function insertGame(db: Db, row: GamesTable): Promise<void> {
  await db.insertInto('games').values(row).execute();
}

export async function updateGame(
  db: Db,
  id: string,
  values: Pick<GamesTable, 'sort_order' | 'definition_json' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('games').set(values).where('id', '=', id).execute();
}

export function findDocumentRow(db: Db, id: number): Promise<Selectable<LegalDocumentsTable> | undefined> {
  return db.selectFrom('legal_documents').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertDocument(db: Db, row: LegalDocumentsTable): Promise<void> {
  await db.insertInto('legal_documents').values(row).execute();
}

export async function updateDocument(
  db: Db,
  id: number,
  values: Omit<LegalDocumentsTable, 'id' | 'created_at'>,
): Promise<void> {
  await db.updateTable('legal_documents').set(values).where('id', '=', id).execute();
}

export function findVersionRow(db: Db, id: number): Promise<Selectable<LegalDocumentVersionsTable> | undefined> {
  return db.selectFrom('legal_document_versions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertVersion(db: Db, row: LegalDocumentVersionsTable): Promise<void> {
  await db.insertInto('legal_document_versions').values(row).execute();
}

export function findNewsRow(db: Db, id: string): Promise<Selectable<NewsTable> | undefined> {
  return db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertNews(db: Db, row: NewsTable): Promise<void> {
  await db.insertInto('news').values(row).execute();
}

export async function updateNews(db: Db, id: string, values: Omit<NewsTable, 'id'>): Promise<void> {
  await db.updateTable('news').set(values).where('id', '=', id).execute();
}

export function findQuestRow(db: Db, id: string): Promise<Selectable<CrossPlayQuestsTable> | undefined> {
  return db.selectFrom('cross_play_quests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertQuest(db: Db, row: CrossPlayQuestsTable): Promise<void> {
  await db.insertInto('cross_play_quests').values(row).execute();
}

export async function updateQuest(
  db: Db,
  id: string,
  values: Omit<CrossPlayQuestsTable, 'id' | 'created_at'>,
): Promise<void> {
  await db.updateTable('cross_play_quests').set(values).where('id', '=', id).execute();
}
