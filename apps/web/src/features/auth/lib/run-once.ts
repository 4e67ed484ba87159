const runs = new Map<string, Promise<unknown>>();

/**
 * Runs work once per key for the life of the page: React StrictMode mounts effects
 * twice, and a single-use token must be spent once. Later callers share the result.
 */
export function runOnce<T>(key: string, work: () => Promise<T>): Promise<T> {
  const running = runs.get(key);
  if (running) return running as Promise<T>;
  const started = work();
  runs.set(key, started);
  return started;
}
