import { STORAGE_LIMITS, storageEntryBytes, storageValueBytes } from '@fxid/contract/storage-limits';
import type { StorageEntry } from '@fxid/sdk';
import { SdkError } from '@fxid/sdk/host';

/** The conflict the game sees: `data.current` holds each mismatched key as it is now. */
export function versionConflict(current: Record<string, StorageEntry>): SdkError {
  return new SdkError('storage_version_conflict', `Changed since read: ${Object.keys(current).join(', ')}`, {
    current,
  });
}

/** A key that is not there, as a conflict reports it. */
export const ABSENT: StorageEntry = { value: null, version: 0, updatedAt: 0 };

/** The per-value limit, checked before anything is written (the server checks it too). */
export function checkValueSize(key: string, value: unknown): void {
  const bytes = storageValueBytes(value);
  if (bytes > STORAGE_LIMITS.valueBytes) {
    throw new SdkError(
      'storage_value_too_large',
      `The value of ${key} takes ${bytes} bytes; at most ${STORAGE_LIMITS.valueBytes}`,
    );
  }
}

/** The per-game total of a set of entries. */
export function totalBytes(entries: Record<string, StorageEntry>): number {
  return Object.entries(entries).reduce((sum, [key, entry]) => sum + storageEntryBytes(key, entry.value), 0);
}
