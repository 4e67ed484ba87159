import {
  STORAGE_LIMITS,
  type StorageGetRequest,
  type StorageItem,
  type StorageSetRequest,
  storageEntryBytes,
  storageValueBytes,
} from '@fxid/contract';
import type { AppContext } from '../../context.js';
import {
  GameNotFoundError,
  StorageQuotaExceededError,
  StorageValueTooLargeError,
  StorageVersionConflictError,
} from '../../errors.js';
import { presentCurrent, presentItem } from './storage-presenter.js';
import * as repo from './storage-repository.js';

async function ownerOf(ctx: AppContext, accountId: string, game: string): Promise<repo.Owner> {
  const record = await ctx.catalog.find(game);
  if (!record) throw new GameNotFoundError(game);
  return { accountId, gameId: record.id };
}

/** The player's values in a game: the keys asked for that have one, or all of them. */
export async function getItems(
  ctx: AppContext,
  accountId: string,
  request: StorageGetRequest,
): Promise<{ Items: StorageItem[]; UsedBytes: number }> {
  const owner = await ownerOf(ctx, accountId, request.Game);
  const [rows, used] = await Promise.all([repo.listItems(ctx.db, owner, request.Keys), repo.readUsage(ctx.db, owner)]);
  return { Items: rows.map(presentItem), UsedBytes: used };
}

/** Thrown inside the transaction to roll it back; turned into the conflict after it. */
class Conflicted extends Error {
  constructor(readonly keys: string[]) {
    super('storage version conflict');
  }
}

/**
 * Writes every item or none, in one transaction. An item with ExpectedVersion is written only
 * if the key is still at that version (0: still absent); any mismatch writes nothing and
 * answers each mismatched key's current value and version. Limits: each value at most
 * STORAGE_LIMITS.valueBytes, the game's total at most STORAGE_LIMITS.totalBytes after the write.
 */
export async function setItems(
  ctx: AppContext,
  accountId: string,
  request: StorageSetRequest,
): Promise<{ Items: { Key: string; Version: number; UpdatedAt: number }[]; UsedBytes: number }> {
  const writes = request.Items.map((item) => {
    const valueBytes = storageValueBytes(item.Value);
    if (valueBytes > STORAGE_LIMITS.valueBytes) throw new StorageValueTooLargeError(item.Key, valueBytes);
    const write: repo.Write = {
      key: item.Key,
      valueJson: JSON.stringify(item.Value),
      bytes: storageEntryBytes(item.Key, item.Value),
    };
    return { write, expected: item.ExpectedVersion };
  });
  const owner = await ownerOf(ctx, accountId, request.Game);
  const now = ctx.now();
  const keys = writes.map(({ write }) => write.key);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await repo.lockUsage(trx, owner, now);
      const conflicts: string[] = [];
      for (const { write, expected } of writes) {
        if (expected === undefined) await repo.upsertItem(trx, owner, write, now);
        else if (expected === 0) {
          if (!(await repo.insertIfAbsent(trx, owner, write, now))) conflicts.push(write.key);
        } else if (!(await repo.updateIfVersion(trx, owner, write, expected, now))) conflicts.push(write.key);
      }
      if (conflicts.length > 0) throw new Conflicted(conflicts);
      const used = await repo.recountUsage(trx, owner, now);
      if (used > STORAGE_LIMITS.totalBytes) throw new StorageQuotaExceededError(used);
      const rows = await repo.listItems(trx, owner, keys);
      return {
        Items: rows.map((row) => ({ Key: row.key, Version: row.version, UpdatedAt: row.updated_at })),
        UsedBytes: used,
      };
    });
  } catch (error) {
    if (!(error instanceof Conflicted)) throw error;
    // Read after the rollback: what the player's other device wrote is what the game must merge with.
    throw new StorageVersionConflictError(presentCurrent(error.keys, await repo.listItems(ctx.db, owner, error.keys)));
  }
}

/** Deletes the keys that have a value; the others are no error. */
export async function deleteItems(
  ctx: AppContext,
  accountId: string,
  game: string,
  keys: string[],
): Promise<{ Deleted: string[]; UsedBytes: number }> {
  const owner = await ownerOf(ctx, accountId, game);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    await repo.lockUsage(trx, owner, now);
    const deleted = await repo.deleteItems(trx, owner, keys);
    return { Deleted: deleted, UsedBytes: await repo.recountUsage(trx, owner, now) };
  });
}
