import { canonicalJson } from '../../lib/canonical-json.js';
import { newId } from '../../lib/ids.js';
import { CatalogFileError, type CatalogProblem, formatPath } from './catalog-file.js';
import * as repo from './catalog-repository.js';
import type {
  Catalog,
  CatalogCompany,
  CatalogDocument,
  CatalogGame,
  CatalogNews,
  CatalogProduct,
  CatalogQuest,
} from './catalog-schema.js';
import * as productsRepo from './products-repository.js';

export type ChangeKind = 'created' | 'updated' | 'unchanged';
export type EntityKind = 'company' | 'games' | 'products' | 'documents' | 'versions' | 'news' | 'quests';
export type ImportReport = Record<EntityKind, Record<ChangeKind, number>>;

/**
 * Upserts a validated catalog in one transaction and reports what changed.
 * Nothing is deleted. A published document version is immutable (players have
 * accepted it); changing one refuses the whole file.
 */
export async function importCatalog(
  db: repo.Db,
  catalog: Catalog,
  now: number,
  file = 'catalog',
): Promise<ImportReport> {
  const report = emptyReport();
  await db.transaction().execute(async (trx) => {
    const problems: CatalogProblem[] = [];
    if (catalog.Company) report.company[await importCompany(trx, catalog.Company, now)]++;
    const gameIds = await importGames(trx, catalog.Games, now, report, problems);
    await importNews(trx, catalog.News, gameIds, now, report, problems);
    await importQuests(trx, catalog.Quests, gameIds, now, report, problems);
    // Throwing rolls the transaction back: a refused file changes nothing.
    if (problems.length > 0) throw new CatalogFileError(file, problems);
    // Servers holding the catalog in memory (GameCatalog) reload when this moves.
    await repo.bumpCatalogVersion(trx, now);
  });
  return report;
}

function emptyReport(): ImportReport {
  const counts = () => ({ created: 0, updated: 0, unchanged: 0 });
  return {
    company: counts(),
    games: counts(),
    products: counts(),
    documents: counts(),
    versions: counts(),
    news: counts(),
    quests: counts(),
  };
}

async function importCompany(db: repo.Db, company: CatalogCompany, now: number): Promise<ChangeKind> {
  const { Faq, ...branding } = company;
  const row = { branding_json: canonicalJson(branding), faq_json: canonicalJson(Faq) };
  const existing = await repo.findCompany(db);
  if (existing?.branding_json === row.branding_json && existing.faq_json === row.faq_json) return 'unchanged';
  await repo.upsertCompany(db, row, now);
  return existing === undefined ? 'created' : 'updated';
}

/** Returns the id of every game known after the import, by system name. */
async function importGames(
  db: repo.Db,
  games: CatalogGame[],
  now: number,
  report: ImportReport,
  problems: CatalogProblem[],
): Promise<Map<string, string>> {
  const existing = new Map((await repo.listGameRows(db)).map((row) => [row.system_name, row]));
  const ids = new Map([...existing.values()].map((row) => [row.system_name, row.id]));
  for (const [index, game] of games.entries()) {
    const { Products, Documents, ...definition } = game;
    const definitionJson = canonicalJson(definition);
    const row = existing.get(game.GameSystemName);
    let gameId: string;
    if (!row) {
      gameId = newId();
      await repo.insertGame(db, {
        id: gameId,
        system_name: game.GameSystemName,
        sort_order: index,
        definition_json: definitionJson,
        created_at: now,
        updated_at: now,
      });
      report.games.created++;
    } else {
      gameId = row.id;
      if (row.definition_json === definitionJson && row.sort_order === index) report.games.unchanged++;
      else {
        await repo.updateGame(db, gameId, { sort_order: index, definition_json: definitionJson, updated_at: now });
        report.games.updated++;
      }
    }
    ids.set(game.GameSystemName, gameId);
    await importProducts(db, gameId, Products, now, report);
    for (const [d, document] of Documents.entries()) {
      await importDocument(db, gameId, document, now, report, problems, ['Games', index, 'Documents', d]);
    }
  }
  return ids;
}

async function importProducts(
  db: repo.Db,
  gameId: string,
  products: CatalogProduct[],
  now: number,
  report: ImportReport,
): Promise<void> {
  const existing = new Map((await productsRepo.listProductRows(db, gameId)).map((row) => [row.sku, row]));
  for (const [index, product] of products.entries()) {
    const { Sku, Price, ShowInWebStore, ...definition } = product;
    const values = {
      price_amount: Price.Amount,
      price_currency: Price.Currency,
      show_in_web_store: ShowInWebStore ? 1 : 0,
      sort_order: index,
      definition_json: canonicalJson(definition),
      updated_at: now,
    };
    const row = existing.get(Sku);
    if (!row) {
      await productsRepo.insertProduct(db, { id: newId(), game_id: gameId, sku: Sku, created_at: now, ...values });
      report.products.created++;
    } else if (sameValues(row, values)) report.products.unchanged++;
    else {
      await productsRepo.updateProduct(db, row.id, values);
      report.products.updated++;
    }
  }
}

async function importDocument(
  db: repo.Db,
  gameId: string,
  document: CatalogDocument,
  now: number,
  report: ImportReport,
  problems: CatalogProblem[],
  path: (string | number)[],
): Promise<void> {
  const values = {
    game_id: gameId,
    document_type: document.Type,
    need_user_acceptance: document.NeedUserAcceptance ? 1 : 0,
    region: document.Region,
    is_active: document.IsActive ? 1 : 0,
    updated_at: now,
  };
  const row = await repo.findDocumentRow(db, document.Id);
  if (!row) {
    await repo.insertDocument(db, { id: document.Id, created_at: document.CreatedAt, ...values });
    report.documents.created++;
  } else if (row.game_id !== gameId) {
    problems.push({ path: formatPath([...path, 'Id']), message: `Document ${document.Id} belongs to another game` });
    return;
  } else if (sameValues(row, values)) report.documents.unchanged++;
  else {
    await repo.updateDocument(db, document.Id, values);
    report.documents.updated++;
  }

  for (const [v, version] of document.Versions.entries()) {
    const versionValues = {
      document_id: document.Id,
      url: version.Url ?? null,
      content_json: canonicalJson(version.Content),
      content_type: 'Markdown',
      created_at: version.CreatedAt,
    };
    const existing = await repo.findVersionRow(db, version.Id);
    if (!existing) {
      await repo.insertVersion(db, { id: version.Id, ...versionValues });
      report.versions.created++;
    } else if (sameValues(existing, versionValues)) report.versions.unchanged++;
    else {
      problems.push({
        path: formatPath([...path, 'Versions', v]),
        message: `Version ${version.Id} is already published and cannot change; add a new version instead`,
      });
    }
  }
}

async function importNews(
  db: repo.Db,
  news: CatalogNews[],
  gameIds: Map<string, string>,
  now: number,
  report: ImportReport,
  problems: CatalogProblem[],
): Promise<void> {
  for (const [index, item] of news.entries()) {
    const gameId = item.Game === undefined ? null : gameIds.get(item.Game);
    if (gameId === undefined) {
      problems.push({ path: formatPath(['News', index, 'Game']), message: `Unknown game ${item.Game}` });
      continue;
    }
    const values = {
      game_id: gameId,
      priority: item.Priority,
      messages_json: canonicalJson(item.Messages),
      link: item.Link ?? null,
      icon_url: item.IconUrl ?? null,
      image_url: item.ImageUrl ?? null,
      tags_json: canonicalJson(item.Tags),
      created_at: item.CreatedAt,
      updated_at: now,
    };
    const row = await repo.findNewsRow(db, item.Id);
    if (!row) {
      await repo.insertNews(db, { id: item.Id, ...values });
      report.news.created++;
    } else if (sameValues(row, values)) report.news.unchanged++;
    else {
      await repo.updateNews(db, item.Id, values);
      report.news.updated++;
    }
  }
}

async function importQuests(
  db: repo.Db,
  quests: CatalogQuest[],
  gameIds: Map<string, string>,
  now: number,
  report: ImportReport,
  problems: CatalogProblem[],
): Promise<void> {
  for (const [index, quest] of quests.entries()) {
    const { Id, Game, Event, ...definition } = quest;
    const gameId = Game === undefined ? null : gameIds.get(Game);
    const eventGameId = gameIds.get(Event.Game);
    if (gameId === undefined || eventGameId === undefined) {
      const path = gameId === undefined ? ['Quests', index, 'Game'] : ['Quests', index, 'Event', 'Game'];
      problems.push({ path: formatPath(path), message: `Unknown game ${gameId === undefined ? Game : Event.Game}` });
      continue;
    }
    const values = {
      game_id: gameId,
      event_game_id: eventGameId,
      event_code: Event.Code,
      sort_order: index,
      definition_json: canonicalJson(definition),
      updated_at: now,
    };
    const row = await repo.findQuestRow(db, Id);
    if (!row) {
      await repo.insertQuest(db, { id: Id, created_at: now, ...values });
      report.quests.created++;
    } else if (sameValues(row, values)) report.quests.unchanged++;
    else {
      await repo.updateQuest(db, Id, values);
      report.quests.updated++;
    }
  }
}

/** True when the stored row already holds these values (updated_at aside). */
function sameValues(row: Record<string, unknown>, values: Record<string, unknown>): boolean {
  return Object.entries(values).every(([key, value]) => key === 'updated_at' || row[key] === value);
}

/** One line per kind of thing: "games: 1 created, 0 updated, 1 unchanged". */
export function formatReport(report: ImportReport): string {
  return Object.entries(report)
    .map(
      ([kind, counts]) =>
        `${kind}: ${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged`,
    )
    .join('\n');
}
