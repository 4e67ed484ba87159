import { importSPKI } from 'jose';

/** A key jose verifies with, as importSPKI gives it. */
export type VerifyKey = Awaited<ReturnType<typeof importSPKI>>;

import { ServiceUnavailableError } from '../../../errors.js';
import type { CrazyGamesConfig } from './crazygames-config.js';

/**
 * CrazyGames' user-token key (security.md §6): fetched from its publicKey.json, cached for
 * a while, and fetched again when a token does not verify, since CrazyGames may rotate it.
 * A key that cannot be fetched fails closed (503), never open.
 */
export interface CrazyGamesKeys {
  /** The cached key, fetched when there is none or it is older than the TTL. */
  current(): Promise<VerifyKey>;
  /**
   * A fresh key after a token failed to verify: undefined when it is the one already tried,
   * or when the key was fetched moments ago (a stream of forged tokens does not hammer CrazyGames).
   */
  refreshed(tried: VerifyKey): Promise<VerifyKey | undefined>;
}

/** How soon after one fetch a failed token may cause another. */
const MIN_REFETCH_MS = 10_000;

export function crazyGamesKeys(config: CrazyGamesConfig, now: () => number): CrazyGamesKeys {
  let cached: { key: VerifyKey; pem: string; at: number } | undefined;
  let inFlight: Promise<NonNullable<typeof cached>> | undefined;

  const fetchKey = () => {
    inFlight ??= (async () => {
      try {
        const response = await fetch(config.publicKeyUrl, { signal: AbortSignal.timeout(5_000) });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const { publicKey } = (await response.json()) as { publicKey?: unknown };
        if (typeof publicKey !== 'string') throw new Error('no publicKey in the answer');
        const pem = publicKey.trim();
        const key = cached?.pem === pem ? cached.key : await importSPKI(pem, 'RS256');
        cached = { key, pem, at: now() };
        return cached;
      } catch {
        throw new ServiceUnavailableError("CrazyGames' public key");
      } finally {
        inFlight = undefined;
      }
    })();
    return inFlight;
  };

  return {
    async current() {
      if (cached && now() - cached.at < config.publicKeyTtlSeconds * 1000) return cached.key;
      return (await fetchKey()).key;
    },
    async refreshed(tried) {
      if (cached && cached.key !== tried) return cached.key;
      if (cached && now() - cached.at < MIN_REFETCH_MS) return undefined;
      const fresh = await fetchKey();
      return fresh.key === tried ? undefined : fresh.key;
    },
  };
}
