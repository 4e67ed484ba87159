import type { ExternalIdType } from '@fxid/contract';
import { signGameServerProof } from '../../../lib/game-server-proof.js';
import { externalIdProofText } from './external-id-proof.js';

/** The two demo games' secrets in these tests: each game's server holds only its own. */
export const GAME_SECRETS = {
  'sky-runner': ['sky-runner-secret-for-tests-0001'],
  'gem-garden': ['gem-garden-secret-for-tests-0002'],
};

/** What a game's server sends as `ExternalInfo.UserPayload` for its player's identity. */
export function vouch(game: string, type: ExternalIdType, id: string, nowMs: number, secret?: string): string {
  const key = secret ?? GAME_SECRETS[game as keyof typeof GAME_SECRETS]?.[0] ?? 'no-secret';
  return signGameServerProof(key, externalIdProofText(game, type, id), Math.floor(nowMs / 1000));
}
