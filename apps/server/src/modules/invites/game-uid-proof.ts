import { gameUidProofText } from '@fxid/contract';
import { signGameServerProof, verifyGameServerProof } from '../../lib/game-server-proof.js';

export { PROOF_SKEW_SECONDS, PROOF_TTL_SECONDS } from '../../lib/game-server-proof.js';

/**
 * What a game server sends to show that a GameUid is its player's:
 * `v1.{iat}.{base64url(HMAC-SHA256(secret, text))}`. The signed text names the game,
 * so a proof for one game is worthless for another that shares the secret by mistake.
 */
export function signGameUidProof(secret: string, game: string, gameUid: string, issuedAtSeconds: number): string {
  return signGameServerProof(secret, (iat) => gameUidProofText(game, gameUid, iat), issuedAtSeconds);
}

/** Checks a GameUid proof against every current secret of the game, and its freshness. */
export function verifyGameUidProof(
  proof: string,
  secrets: readonly string[],
  game: string,
  gameUid: string,
  nowMs: number,
): boolean {
  return verifyGameServerProof(proof, secrets, (iat) => gameUidProofText(game, gameUid, iat), nowMs);
}
