import type { Kysely, Selectable } from 'kysely';
import type { Database, DataConnectionsTable } from '../../db/schema.js';

export type DataConnectionRow = Selectable<DataConnectionsTable>;

export function findConnection(db: Kysely<Database>, accountId: string, game: string, service: string) {
  return db
    .selectFrom('data_connections')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('game', '=', game)
    .where('service', '=', service)
    .executeTakeFirst();
}

export function listConnections(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('data_connections')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('game')
    .orderBy('service')
    .execute();
}

/** One row per account, game and service: a new connection replaces the old one. */
export async function saveConnection(db: Kysely<Database>, row: DataConnectionRow): Promise<void> {
  await db
    .insertInto('data_connections')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['account_id', 'game', 'service']).doUpdateSet({
        external_user_id: row.external_user_id,
        external_login: row.external_login,
        scopes: row.scopes,
        access_token_sealed: row.access_token_sealed,
        refresh_token_sealed: row.refresh_token_sealed,
        access_expires_at: row.access_expires_at,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteConnection(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('data_connections').where('id', '=', id).execute();
}
