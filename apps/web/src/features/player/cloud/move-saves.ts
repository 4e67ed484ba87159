import { storageEntryBytes } from '@fxid/contract/storage-limits';
import type { PlatformStorage } from '@fxid/platforms';
import type { StorageEntry } from '@fxid/sdk';

/** What one move sends per call: the API takes 50 keys, and a request body of 64 KiB. */
const MOVE_BATCH_KEYS = 50;
const MOVE_BATCH_BYTES = 48 * 1024;
/** Another device may write while a move runs: it starts over this many times. */
const MOVE_ATTEMPTS = 3;

/**
 * The source's values the target should take (a guest's the account's, a host's fxid's, …), with
 * the version each write expects: a key the target lacks (expected 0), or one the source wrote
 * after the target's value was last written (expected: the target's version). A target value
 * written later stays.
 */
export function guestValuesToMove(
  guest: Record<string, StorageEntry>,
  server: Record<string, StorageEntry>,
): { entries: Record<string, unknown>; versions: Record<string, number> }[] {
  const batches: { entries: Record<string, unknown>; versions: Record<string, number> }[] = [];
  let batch = { entries: {} as Record<string, unknown>, versions: {} as Record<string, number> };
  let count = 0;
  let bytes = 0;
  for (const [key, entry] of Object.entries(guest)) {
    const theirs = server[key];
    if (theirs && theirs.updatedAt >= entry.updatedAt) continue;
    const size = storageEntryBytes(key, entry.value);
    if (count > 0 && (count >= MOVE_BATCH_KEYS || bytes + size > MOVE_BATCH_BYTES)) {
      batches.push(batch);
      batch = { entries: {}, versions: {} };
      count = 0;
      bytes = 0;
    }
    batch.entries[key] = entry.value;
    batch.versions[key] = theirs?.version ?? 0;
    count++;
    bytes += size;
  }
  if (count > 0) batches.push(batch);
  return batches;
}

/**
 * Moves every value of `source` into `target`: each key the target lacks, or holds written
 * earlier than the source's, is written with the target's version expected (a newer target value
 * stays); then the moved keys are deleted from the source. A move that fails (the target is full,
 * the host does not answer) leaves the source as it was, to be tried again; true when the source
 * is empty afterwards.
 */
export async function moveSaves(
  source: PlatformStorage,
  target: PlatformStorage,
  log: (message: string, data?: unknown) => void,
): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      const theirs = await source.get();
      const keys = Object.keys(theirs);
      if (keys.length === 0) return true;
      for (const { entries, versions } of guestValuesToMove(theirs, await target.get())) {
        await target.set(entries, versions);
      }
      await source.delete(keys);
      log('saves moved', keys);
      return true;
    } catch (error) {
      const conflict = (error as { code?: string } | null)?.code === 'storage_version_conflict';
      if (!conflict || attempt >= MOVE_ATTEMPTS) {
        log('saves not moved', error);
        return false;
      }
    }
  }
}
