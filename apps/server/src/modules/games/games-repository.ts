import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { GameDefinition } from '../catalog/catalog-schema.js';

/** A game as stored, its definition parsed. */
export interface GameRecord {
  id: string;
  definition: GameDefinition;
}

export async function listGames(db: Kysely<Database>): Promise<GameRecord[]> {
  const rows = await db.selectFrom('games').select(['id', 'definition_json']).orderBy('sort_order').execute();
  return rows.map((row) => ({ id: row.id, definition: JSON.parse(row.definition_json) as GameDefinition }));
}

export async function findGame(db: Kysely<Database>, systemName: string): Promise<GameRecord | undefined> {
  const row = await db
    .selectFrom('games')
    .select(['id', 'definition_json'])
    .where('system_name', '=', systemName)
    .executeTakeFirst();
  return row && { id: row.id, definition: JSON.parse(row.definition_json) as GameDefinition };
}
