import type { Kysely } from 'kysely';
import type { Database, SigningKeysTable } from '../../db/schema.js';

/** All SQL of GameJwt signing keys. */
export type Db = Kysely<Database>;

export async function insertSigningKey(db: Db, row: SigningKeysTable): Promise<void> {
  await db.insertInto('signing_keys').values(row).execute();
}

/** Retires a key; false when it was unknown or retired already. */
export async function retireKey(db: Db, kid: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('signing_keys')
    .set({ retired_at: now })
    .where('kid', '=', kid)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Unretired keys, newest first. */
export function listActiveKeys(db: Db) {
  return db
    .selectFrom('signing_keys')
    .select(['kid', 'private_jwk', 'public_jwk'])
    .where('retired_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('kid', 'desc')
    .execute();
}
