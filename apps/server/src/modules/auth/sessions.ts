import type { Kysely } from 'kysely';
import { type Broadcast, localBroadcast } from '../../cluster/broadcast.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { hashToken, newSecretToken } from '../../lib/tokens.js';
import { createTtlCache } from '../../lib/ttl-cache.js';
import * as repo from './sessions-repository.js';

/** How long a bearer session lives. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
/** How long a session lookup is trusted from memory; logout on this instance removes it at once. */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX_ENTRIES = 10_000;

interface CachedSession {
  accountId: string;
  expiresAt: number;
  /** What a logout on another instance names (a token never leaves the instance that saw it). */
  tokenHash: string;
}

/** The broadcast topic of a revoked session; its key is the token's hash. */
export const SESSION_REVOKED = 'session-revoked';

/**
 * Bearer sessions. Authenticated requests are served from a small in-memory
 * cache, so the hot path stays off the database. The cache is keyed by the token
 * itself, which the request holds anyway: a hit then costs no hashing. Only the
 * database, which outlives the process and its backups, must never see a token.
 */
export function createSessions(db: Kysely<Database>, now: () => number, broadcast: Broadcast = localBroadcast()) {
  const cache = createTtlCache<CachedSession>(CACHE_TTL_MS, CACHE_MAX_ENTRIES, now);
  broadcast.subscribe(SESSION_REVOKED, (tokenHash) => cache.deleteWhere((entry) => entry.tokenHash === tokenHash));

  return {
    /** Starts a session; returns the bearer token, which is shown once and stored only as a hash. */
    async create(accountId: string, executor: Kysely<Database> = db): Promise<string> {
      const token = newSecretToken();
      const createdAt = now();
      await repo.insertSession(executor, {
        id: newId(),
        account_id: accountId,
        token_hash: hashToken(token),
        created_at: createdAt,
        expires_at: createdAt + SESSION_TTL_MS,
        revoked_at: null,
      });
      return token;
    },

    /** The account a bearer token signs in, if the session is live. */
    async resolve(token: string): Promise<string | undefined> {
      const at = now();
      const cached = cache.get(token);
      if (cached) return cached.expiresAt > at ? cached.accountId : undefined;
      const tokenHash = hashToken(token);
      const row = await repo.findUnrevokedSession(db, tokenHash);
      if (!row) return undefined;
      cache.set(token, { accountId: row.account_id, expiresAt: row.expires_at, tokenHash });
      return row.expires_at > at ? row.account_id : undefined;
    },

    async revoke(token: string): Promise<void> {
      const tokenHash = hashToken(token);
      await repo.revokeSession(db, tokenHash, now());
      // After the write: an instance that reloads on hearing this reads the revocation.
      cache.delete(token);
      broadcast.publish(SESSION_REVOKED, tokenHash);
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
