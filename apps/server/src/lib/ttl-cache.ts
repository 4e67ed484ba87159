/**
 * A small in-memory cache whose entries live `ttlMs`; the oldest entry goes when
 * it is full. Per process: with several instances, an entry may be up to `ttlMs`
 * stale after a change made on another instance.
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
  };
}
export type TtlCache<V> = ReturnType<typeof createTtlCache<V>>;
