import { isStaleIssuedAt, verifyFacebookSignedRequest } from '../facebook-signed-request.js';

/**
 * The SignedPlayerInfo of `FBInstant.player.getSignedPlayerInfoAsync()` (security.md §4a, §4b):
 * a signed_request whose payload names the player by `player_id` (app-scoped) and carries
 * `issued_at`; `request_payload` is whatever the game passed. Refused when it does not verify
 * with the game's app secret, names no player, or is stale (a captured one replayed later).
 */

export type FbInstantPlayerFailure = 'malformed' | 'bad_sign' | 'bad_algorithm' | 'stale';

export type FbInstantPlayerVerdict = { ok: true; playerId: string } | { ok: false; failure: FbInstantPlayerFailure };

/** Facebook's player ids are decimal numbers as text. */
const PLAYER_ID = /^\d{1,32}$/;

export function verifyFbInstantPlayer(
  signature: string,
  secrets: readonly string[],
  options: { nowMs: number; maxAgeSeconds: number },
): FbInstantPlayerVerdict {
  const verdict = verifyFacebookSignedRequest(signature, secrets);
  if (!verdict.ok) return verdict;
  const { player_id: playerId, issued_at: issuedAt } = verdict.payload;
  if (typeof playerId !== 'string' || !PLAYER_ID.test(playerId)) return { ok: false, failure: 'malformed' };
  if (isStaleIssuedAt(issuedAt, options.nowMs, options.maxAgeSeconds)) return { ok: false, failure: 'stale' };
  return { ok: true, playerId };
}
