import type { StorageItem } from '@fxid/contract';
import type { StorageItemsTable } from '../../db/schema.js';

/** A stored row as the API shows it. */
export function presentItem(row: StorageItemsTable): StorageItem {
  return { Key: row.key, Value: JSON.parse(row.value_json), Version: row.version, UpdatedAt: row.updated_at };
}

/** The current state of each key, absent ones as null at version 0, in the order asked. */
export function presentCurrent(keys: readonly string[], rows: StorageItemsTable[]): StorageItem[] {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => {
    const row = byKey.get(key);
    return row ? presentItem(row) : { Key: key, Value: null, Version: 0, UpdatedAt: 0 };
  });
}
