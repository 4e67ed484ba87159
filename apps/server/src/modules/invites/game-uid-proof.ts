import { createHmac, timingSafeEqual } from 'node:crypto';
import { GAME_UID_PROOF_VERSION, gameUidProofText } from '@fxid/contract';

/** A proof is good this long after it was issued… */
export const PROOF_TTL_SECONDS = 15 * 60;
/** …and this far in the future, for game servers whose clocks run ahead. */
export const PROOF_SKEW_SECONDS = 60;

/**
 * What a game server sends to show that a GameUid is its player's:
 * `v1.{iat}.{base64url(HMAC-SHA256(secret, text))}`. The signed text names the game,
 * so a proof for one game is worthless for another that shares the secret by mistake.
 */
export function signGameUidProof(secret: string, game: string, gameUid: string, issuedAtSeconds: number): string {
  const signature = createHmac('sha256', secret)
    .update(gameUidProofText(game, gameUid, issuedAtSeconds))
    .digest();
  return `${GAME_UID_PROOF_VERSION}.${issuedAtSeconds}.${signature.toString('base64url')}`;
}

/**
 * Checks a proof against every current secret of the game (several while one
 * rotates), in constant time, and its freshness against the server clock.
 */
export function verifyGameUidProof(
  proof: string,
  secrets: readonly string[],
  game: string,
  gameUid: string,
  nowMs: number,
): boolean {
  const [version, issuedAtText, signatureText] = proof.split('.');
  if (version !== GAME_UID_PROOF_VERSION || !issuedAtText || !signatureText) return false;
  const issuedAt = Number(issuedAtText);
  const nowSeconds = Math.floor(nowMs / 1000);
  if (!Number.isSafeInteger(issuedAt)) return false;
  if (issuedAt > nowSeconds + PROOF_SKEW_SECONDS || issuedAt < nowSeconds - PROOF_TTL_SECONDS) return false;
  // Compared as text, so that no other spelling of the same bytes is accepted.
  const given = Buffer.from(signatureText);
  // Every secret is tried even after a match, so timing does not tell which one signed.
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(signGameUidProof(secret, game, gameUid, issuedAt).split('.')[2] ?? '');
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  return matched;
}
