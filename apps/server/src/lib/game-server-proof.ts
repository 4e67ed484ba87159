import { createHmac } from 'node:crypto';
import type { Config } from '../config.js';
import { equalInConstantTime } from './constant-time.js';

/** A proof is good this long after it was issued… */
export const PROOF_TTL_SECONDS = 15 * 60;
/** …and this far in the future, for game servers whose clocks run ahead. */
export const PROOF_SKEW_SECONDS = 60;
const VERSION = 'v1';

/** The text a proof signs for a given issue time; it names the game and what is proven. */
export type ProofText = (issuedAtSeconds: number) => string;

/**
 * What a game server sends to show it holds the game's secret, bound to one request:
 * `v1.{iat}.{base64url(HMAC-SHA256(secret, text(iat)))}`.
 */
export function signGameServerProof(secret: string, text: ProofText, issuedAtSeconds: number): string {
  const signature = createHmac('sha256', secret).update(text(issuedAtSeconds)).digest();
  return `${VERSION}.${issuedAtSeconds}.${signature.toString('base64url')}`;
}

/**
 * Checks a proof against every current secret of the game (several while one
 * rotates), in constant time, and its freshness against the server clock.
 */
export function verifyGameServerProof(proof: string, secrets: readonly string[], text: ProofText, nowMs: number) {
  const [version, issuedAtText, signatureText] = proof.split('.');
  if (version !== VERSION || !issuedAtText || !signatureText) return false;
  const issuedAt = Number(issuedAtText);
  const nowSeconds = Math.floor(nowMs / 1000);
  if (!Number.isSafeInteger(issuedAt)) return false;
  if (issuedAt > nowSeconds + PROOF_SKEW_SECONDS || issuedAt < nowSeconds - PROOF_TTL_SECONDS) return false;
  // Compared as text, so that no other spelling of the same bytes is accepted.
  const given = Buffer.from(signatureText);
  // Every secret is tried even after a match, so timing does not tell which one signed.
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(signGameServerProof(secret, text, issuedAt).split('.')[2] ?? '');
    if (equalInConstantTime(given, expected)) matched = true;
  }
  return matched;
}

/** The secrets a game's server signs with (GAME_SECRETS; the dev secret in development). */
export function gameServerSecrets(config: Pick<Config, 'gameSecrets'>, game: string): string[] {
  const { byGame, devFallback } = config.gameSecrets;
  return byGame[game] ?? (devFallback ? [devFallback] : []);
}
