import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import { spendIdToken } from './firebase/spent-id-tokens-repository.js';

/**
 * Spends a one-time credential that carries its own expiry (a signed token's id), kept by the
 * hash of `key` until `expiresAt`: false when it was spent before. One statement, so two uses
 * at once cannot both pass. For other modules' single-use proofs (the auth module owns the table).
 */
export function spendOnce(db: Kysely<Database>, key: string, expiresAt: number, now: number): Promise<boolean> {
  return spendIdToken(db, hashToken(key), expiresAt, now);
}
