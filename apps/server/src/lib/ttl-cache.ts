/**
 * A small in-memory cache whose entries live `ttlMs`; the oldest entry goes when
 * it is full. Per process: with several instances, the app broadcasts evictions over Redis
 * (cluster/shared-caches.ts); `ttlMs` bounds staleness when such a message is lost.
 */
export function createTtlCache<V>(ttlMs: number, maxEntries: number, now: () => number) {
  const entries = new Map<string, { value: V; storedAt: number }>();
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt >= ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key: string, value: V): void {
      if (entries.size >= maxEntries && !entries.has(key)) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { value, storedAt: now() });
    },
    delete(key: string): void {
      entries.delete(key);
    },
    /** Removes every entry whose value matches (when only a property of the value is known). */
    deleteWhere(matches: (value: V) => boolean): void {
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },
  };
}
export type TtlCache<V> = ReturnType<typeof createTtlCache<V>>;
