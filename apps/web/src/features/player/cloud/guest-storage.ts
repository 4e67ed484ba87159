import { STORAGE_LIMITS } from '@fxid/contract/storage-limits';
import type { PlatformStorage } from '@fxid/platforms';
import type { StorageEntry } from '@fxid/sdk';
import { SdkError } from '@fxid/sdk/host';
import { ABSENT, checkValueSize, totalBytes, versionConflict } from './storage-errors';

/** Where a guest's values of one game live in this browser. */
export function guestStorageKey(game: string): string {
  return `fxid.saves.${game}`;
}

/** Everything a guest saved in a game, or nothing when storage is blocked or the entry is damaged. */
export function readGuestSaves(game: string): Record<string, StorageEntry> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(guestStorageKey(game)) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, StorageEntry>)
      : {};
  } catch {
    return {};
  }
}

function writeGuestSaves(game: string, entries: Record<string, StorageEntry>): void {
  try {
    if (Object.keys(entries).length === 0) localStorage.removeItem(guestStorageKey(game));
    else localStorage.setItem(guestStorageKey(game), JSON.stringify(entries));
  } catch (error) {
    throw new SdkError('not_available', `Saving in this browser failed: ${(error as Error).message}`);
  }
}

/** Forgets a guest's values of a game (once they moved to the account). */
export function clearGuestSaves(game: string): void {
  writeGuestSaves(game, {});
}

/**
 * A guest's saves, kept in this browser's localStorage per game, with the server's rules:
 * versions per key, a stale version rejects with `storage_version_conflict`, the same size
 * limits. They move to the account when the player signs in (see fxid-storage).
 */
export function createGuestStorage(game: string, now: () => number = Date.now): PlatformStorage {
  return {
    async get(keys) {
      const all = readGuestSaves(game);
      return keys
        ? Object.fromEntries(keys.filter((key) => key in all).map((key) => [key, all[key] as StorageEntry]))
        : all;
    },
    async set(entries, versions = {}) {
      for (const [key, value] of Object.entries(entries)) checkValueSize(key, value);
      const all = readGuestSaves(game);
      const stale = Object.keys(entries).filter((key) => key in versions && versions[key] !== (all[key]?.version ?? 0));
      if (stale.length > 0) throw versionConflict(Object.fromEntries(stale.map((key) => [key, all[key] ?? ABSENT])));
      const at = now();
      const next = { ...all };
      for (const [key, value] of Object.entries(entries)) {
        next[key] = { value, version: (all[key]?.version ?? 0) + 1, updatedAt: at };
      }
      const bytes = totalBytes(next);
      if (bytes > STORAGE_LIMITS.totalBytes) {
        throw new SdkError(
          'storage_quota_exceeded',
          `Saved data would take ${bytes} bytes in this game; at most ${STORAGE_LIMITS.totalBytes}`,
        );
      }
      writeGuestSaves(game, next);
      return { versions: Object.fromEntries(Object.keys(entries).map((key) => [key, next[key]?.version ?? 0])) };
    },
    async delete(keys) {
      const all = readGuestSaves(game);
      const deleted = keys.filter((key) => key in all).sort();
      for (const key of deleted) delete all[key];
      writeGuestSaves(game, all);
      return { deleted };
    },
  };
}
