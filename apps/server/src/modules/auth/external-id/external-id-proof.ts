import type { ExternalIdType } from '@fxid/contract';
import type { Config } from '../../../config.js';
import { PlatformAuthError, PlatformNotConfiguredError } from '../../../errors.js';
import {
  gameServerSecrets,
  PROOF_TTL_SECONDS,
  type ProofText,
  verifyGameServerProof,
} from '../../../lib/game-server-proof.js';

/**
 * What a game's server signs to vouch for its player's external identity (the request's
 * `ExternalInfo.UserPayload`), naming the game, so a proof made for one game is refused by every other.
 */
export function externalIdProofText(game: string, type: ExternalIdType, id: string): ProofText {
  return (iat) => `fxid-external-id:v1\n${game}\n${type}\n${id}\n${iat}`;
}

/**
 * Checks the game server's proof against the game's secrets (GAME_SECRETS) and returns
 * until when it could be replayed, so that it is remembered as spent that long.
 */
export function verifyExternalIdProof(
  config: Pick<Config, 'gameSecrets'>,
  game: string,
  identity: { Type: ExternalIdType; Id: string },
  payload: string,
  nowMs: number,
): { replayableUntil: number } {
  const secrets = gameServerSecrets(config, game);
  if (secrets.length === 0) throw new PlatformNotConfiguredError(game, 'external id');
  if (!verifyGameServerProof(payload, secrets, externalIdProofText(game, identity.Type, identity.Id), nowMs)) {
    throw new PlatformAuthError(
      'platform_sign_invalid',
      'external id',
      'the proof is forged, stale or for another game',
    );
  }
  const issuedAt = Number(payload.split('.')[1]);
  return { replayableUntil: (issuedAt + PROOF_TTL_SECONDS) * 1000 };
}
