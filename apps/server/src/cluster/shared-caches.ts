import type { TtlCache } from '../lib/ttl-cache.js';
import type { GameCatalog } from '../modules/catalog/game-catalog.js';
import type { Broadcast } from './broadcast.js';

/** Broadcast topics of what the app keeps in memory. */
export const ACCOUNT_CHANGED = 'account-changed';
export const CATALOG_CHANGED = 'catalog-changed';

/** The same cache, whose deletes reach the same cache on every instance. */
export function evictEverywhere<V>(cache: TtlCache<V>, broadcast: Broadcast, topic: string): TtlCache<V> {
  broadcast.subscribe(topic, (key) => cache.delete(key));
  return { ...cache, delete: (key) => broadcast.publish(topic, key) };
}

/** The catalog, whose invalidation (after an import) reaches every instance at once. */
export function catalogInvalidatedEverywhere(catalog: GameCatalog, broadcast: Broadcast): GameCatalog {
  broadcast.subscribe(CATALOG_CHANGED, () => catalog.invalidate());
  return { ...catalog, invalidate: () => broadcast.publish(CATALOG_CHANGED, '') };
}
