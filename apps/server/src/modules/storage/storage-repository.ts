import type { Kysely } from 'kysely';
import type { Database, StorageItemsTable } from '../../db/schema.js';

type Db = Kysely<Database>;

/** Who and where: every statement here is scoped to one player in one game. */
export interface Owner {
  accountId: string;
  gameId: string;
}

/** A player's values in a game, in key order; only `keys` when given. */
export function listItems(db: Db, owner: Owner, keys?: readonly string[]): Promise<StorageItemsTable[]> {
  let query = db
    .selectFrom('storage_items')
    .selectAll()
    .where('account_id', '=', owner.accountId)
    .where('game_id', '=', owner.gameId);
  if (keys) query = query.where('key', 'in', keys);
  return query.orderBy('key').execute();
}

/**
 * Takes the player's usage row for this game, creating it at 0 bytes: on PostgreSQL the row
 * stays locked until the transaction ends, so writes of one player in one game run one at a
 * time and the quota check sees every byte (SQLite runs transactions one at a time anyway).
 */
export async function lockUsage(db: Db, owner: Owner, now: number): Promise<void> {
  await db
    .insertInto('storage_usage')
    .values({ account_id: owner.accountId, game_id: owner.gameId, bytes: 0, updated_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'game_id']).doUpdateSet({ updated_at: now }))
    .execute();
}

export async function readUsage(db: Db, owner: Owner): Promise<number> {
  const row = await db
    .selectFrom('storage_usage')
    .select('bytes')
    .where('account_id', '=', owner.accountId)
    .where('game_id', '=', owner.gameId)
    .executeTakeFirst();
  return row?.bytes ?? 0;
}

/** Adds up the player's bytes in this game from their rows and records the sum. */
export async function recountUsage(db: Db, owner: Owner, now: number): Promise<number> {
  const row = await db
    .selectFrom('storage_items')
    .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
    .where('account_id', '=', owner.accountId)
    .where('game_id', '=', owner.gameId)
    .executeTakeFirst();
  const bytes = Number(row?.total ?? 0);
  await db
    .updateTable('storage_usage')
    .set({ bytes, updated_at: now })
    .where('account_id', '=', owner.accountId)
    .where('game_id', '=', owner.gameId)
    .execute();
  return bytes;
}

/** The new value of one key. */
export interface Write {
  key: string;
  valueJson: string;
  bytes: number;
}

/** Writes whatever version the key is at (creating it at 1). */
export async function upsertItem(db: Db, owner: Owner, write: Write, now: number): Promise<void> {
  await db
    .insertInto('storage_items')
    .values({ ...row(owner, write, now), version: 1 })
    .onConflict((oc) =>
      oc.columns(['account_id', 'game_id', 'key']).doUpdateSet((eb) => ({
        value_json: write.valueJson,
        bytes: write.bytes,
        updated_at: now,
        version: eb('storage_items.version', '+', 1),
      })),
    )
    .execute();
}

/** Creates the key at version 1; false when it exists already. */
export async function insertIfAbsent(db: Db, owner: Owner, write: Write, now: number): Promise<boolean> {
  const result = await db
    .insertInto('storage_items')
    .values({ ...row(owner, write, now), version: 1 })
    .onConflict((oc) => oc.columns(['account_id', 'game_id', 'key']).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Writes the key only if it is at `expected`; false otherwise (changed, or absent). */
export async function updateIfVersion(
  db: Db,
  owner: Owner,
  write: Write,
  expected: number,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('storage_items')
    .set({ value_json: write.valueJson, bytes: write.bytes, updated_at: now, version: expected + 1 })
    .where('account_id', '=', owner.accountId)
    .where('game_id', '=', owner.gameId)
    .where('key', '=', write.key)
    .where('version', '=', expected)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the keys that exist and returns them. */
export async function deleteItems(db: Db, owner: Owner, keys: readonly string[]): Promise<string[]> {
  const rows = await db
    .deleteFrom('storage_items')
    .where('account_id', '=', owner.accountId)
    .where('game_id', '=', owner.gameId)
    .where('key', 'in', keys)
    .returning('key')
    .execute();
  return rows.map((deleted) => deleted.key).sort();
}

function row(owner: Owner, write: Write, now: number) {
  return {
    account_id: owner.accountId,
    game_id: owner.gameId,
    key: write.key,
    value_json: write.valueJson,
    bytes: write.bytes,
    updated_at: now,
  };
}
