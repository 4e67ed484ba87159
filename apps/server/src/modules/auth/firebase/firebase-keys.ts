import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import { ServiceUnavailableError } from '../../../errors.js';

/** A key set is fetched again at most this often when a token names an unknown kid (key rotation). */
const REFETCH_COOLDOWN_MS = 30_000;
const FETCH_TIMEOUT_MS = 5_000;

/** Seconds from a Cache-Control header's max-age; 0 (revalidate every time past the cooldown) without one. */
export function maxAgeSeconds(cacheControl: string | null): number {
  if (!cacheControl || /no-store|no-cache/i.test(cacheControl)) return 0;
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl);
  return match ? Number(match[1]) : 0;
}

/**
 * Firebase's signing keys (a JWK set at `url`), cached as long as the response's
 * Cache-Control max-age says (security.md §7). A token signed by a key not in the cached
 * set refetches once per cooldown, so a rotation is picked up without letting forged kids
 * make us fetch on every request. Fetches at once share one request.
 */
export function createFirebaseKeys(url: string, now: () => number) {
  let cached: { getKey: ReturnType<typeof createLocalJWKSet>; fetchedAt: number; expiresAt: number } | undefined;
  let inFlight: Promise<NonNullable<typeof cached>> | undefined;

  async function load(): Promise<NonNullable<typeof cached>> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    } catch {
      throw new ServiceUnavailableError('Firebase key service');
    }
    if (!response.ok) throw new ServiceUnavailableError('Firebase key service');
    const jwks = (await response.json().catch(() => undefined)) as JSONWebKeySet | undefined;
    if (!jwks || !Array.isArray(jwks.keys)) throw new ServiceUnavailableError('Firebase key service');
    const fetchedAt = now();
    cached = {
      getKey: createLocalJWKSet(jwks),
      fetchedAt,
      expiresAt: fetchedAt + maxAgeSeconds(response.headers.get('cache-control')) * 1000,
    };
    return cached;
  }

  function refresh(): Promise<NonNullable<typeof cached>> {
    inFlight ??= load().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  }

  const getKey: JWTVerifyGetKey = async (header, token) => {
    const at = now();
    const fresh = cached && cached.expiresAt > at ? cached : await refresh();
    try {
      return await fresh.getKey(header, token);
    } catch (error) {
      const unknownKid = error instanceof errors.JWKSNoMatchingKey;
      if (!unknownKid || fresh.fetchedAt > at - REFETCH_COOLDOWN_MS) throw error;
      return (await refresh()).getKey(header, token);
    }
  };
  return { getKey };
}
export type FirebaseKeys = ReturnType<typeof createFirebaseKeys>;
