import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { GameDefinition } from '../catalog/catalog-schema.js';
import type { GameRecord } from '../catalog/game-catalog.js';

/*
 * Deprecated: games are read through the app context's GameCatalog (`ctx.catalog`), which the
 * catalog module owns. Nothing in the committed server calls these any more; they stay only
 * while work in progress (modules/dev-hosts) moves over, and go then.
 */
export type { GameRecord };

/** @deprecated use ctx.catalog.list() */
export async function listGames(db: Kysely<Database>): Promise<GameRecord[]> {
  const rows = await db.selectFrom('games').select(['id', 'definition_json']).orderBy('sort_order').execute();
  return rows.map((row) => ({ id: row.id, definition: JSON.parse(row.definition_json) as GameDefinition }));
}

/** @deprecated use ctx.catalog.find() */
export async function findGame(db: Kysely<Database>, systemName: string): Promise<GameRecord | undefined> {
  const row = await db
    .selectFrom('games')
    .select(['id', 'definition_json'])
    .where('system_name', '=', systemName)
    .executeTakeFirst();
  return row && { id: row.id, definition: JSON.parse(row.definition_json) as GameDefinition };
}
