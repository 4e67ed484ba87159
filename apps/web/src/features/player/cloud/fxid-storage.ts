import { storageEntryBytes } from '@fxid/contract/storage-limits';
import type { PlatformStorage } from '@fxid/platforms';
import type { StorageEntry } from '@fxid/sdk';
import { clearGuestSaves, createGuestStorage, readGuestSaves } from './guest-storage';

/** What one move sends per call: the API takes 50 keys, and a request body of 64 KiB. */
const MOVE_BATCH_KEYS = 50;
const MOVE_BATCH_BYTES = 48 * 1024;
/** Another device may write while the move runs: it starts over this many times. */
const MOVE_ATTEMPTS = 3;

export interface FxidStorage extends PlatformStorage {
  /** Moves a guest's values of this game to the signed-in account (see moveGuestSaves); safe to call often. */
  moveGuestSaves(): Promise<void>;
}

/**
 * The guest values the account should take, with the version each write expects: a key the
 * server lacks (expected 0), or one the guest wrote after the server's value was last written
 * (expected: the server's version). A server value written later than the guest's stays.
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
 * fxid's own saves for a game: the browser's for a guest, the server's for a signed-in player.
 * A guest's values move to the account at sign-in (and, failing that, before the first call
 * as a signed-in player): each key the account lacks, or whose server value is older than the
 * guest's, is written with its expected version; newer server values are kept; then the
 * browser's copy is cleared. A move that fails (the account is full) leaves the guest values
 * in the browser and is tried again at the next sign-in.
 */
export function createFxidStorage(options: {
  game: string;
  signedIn: () => string | null;
  server: PlatformStorage;
  log: (message: string, data?: unknown) => void;
}): FxidStorage {
  const { game, signedIn, server, log } = options;
  const guest = createGuestStorage(game);
  /** The move for each session token, once per page. */
  const moves = new Map<string, Promise<void>>();

  const move = async () => {
    for (let attempt = 1; ; attempt++) {
      const mine = readGuestSaves(game);
      if (Object.keys(mine).length === 0) return;
      try {
        for (const { entries, versions } of guestValuesToMove(mine, await server.get())) {
          await server.set(entries, versions);
        }
        clearGuestSaves(game);
        log('guest saves moved to the account', Object.keys(mine));
        return;
      } catch (error) {
        const conflict = (error as { code?: string }).code === 'storage_version_conflict';
        if (!conflict || attempt >= MOVE_ATTEMPTS) {
          log('guest saves not moved', error);
          return;
        }
      }
    }
  };
  const moveGuestSaves = () => {
    const token = signedIn();
    if (!token) return Promise.resolve();
    let pending = moves.get(token);
    if (!pending) {
      pending = move();
      moves.set(token, pending);
    }
    return pending;
  };
  const target = async (): Promise<PlatformStorage> => {
    if (!signedIn()) return guest;
    await moveGuestSaves();
    return server;
  };
  return {
    moveGuestSaves,
    get: async (keys) => (await target()).get(keys),
    set: async (entries, versions) => (await target()).set(entries, versions),
    delete: async (keys) => (await target()).delete(keys),
  };
}
