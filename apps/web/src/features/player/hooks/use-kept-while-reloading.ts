import { useRef } from 'react';

/**
 * The value, or while it is missing the last one seen for the same key. A sign-in
 * wipes every cached query (spec §4); the running game must not be torn down while
 * its data is fetched again, and a different game (key) never sees this one's data.
 */
export function useKeptWhileReloading<T>(key: string | undefined, value: T | undefined): T | undefined {
  const kept = useRef<{ key: string | undefined; value: T } | undefined>(undefined);
  if (value !== undefined) kept.current = { key, value };
  return value ?? (kept.current?.key === key ? kept.current?.value : undefined);
}
