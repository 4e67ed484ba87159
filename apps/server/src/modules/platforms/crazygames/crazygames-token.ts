import { errors, jwtVerify } from 'jose';
import type { CrazyGamesKeys, VerifyKey } from './crazygames-public-key.js';

/**
 * The CrazyGames SDK v3 user token (security.md §6): an RS256 JWT from
 * `SDK.user.getUserToken()` with `userId`, `gameId`, `username`, `profilePictureUrl`,
 * `iat` and `exp`. One key signs every game's tokens, so `gameId` must be ours.
 */
export type CrazyGamesTokenFailure = 'malformed' | 'bad_sign' | 'expired' | 'other_game';

export type CrazyGamesTokenVerdict =
  | { ok: true; userId: string; username: string | undefined }
  | { ok: false; failure: CrazyGamesTokenFailure };

/** How far our clock and CrazyGames' may disagree. */
const CLOCK_TOLERANCE_SECONDS = 60;
const USER_ID = /^[A-Za-z0-9_-]{1,128}$/;

async function verifyWith(token: string, key: VerifyKey, nowMs: number) {
  // Pinned to RS256: an HS256 token keyed with the PEM, or alg none, never verifies.
  return jwtVerify(token, key, {
    algorithms: ['RS256'],
    currentDate: new Date(nowMs),
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['iat', 'exp'],
  });
}

export async function verifyCrazyGamesToken(
  token: string,
  keys: CrazyGamesKeys,
  expected: { gameId: string; nowMs: number },
): Promise<CrazyGamesTokenVerdict> {
  if (!token) return { ok: false, failure: 'malformed' };
  let payload: Record<string, unknown>;
  const key = await keys.current();
  try {
    payload = (await verifyWith(token, key, expected.nowMs)).payload;
  } catch (error) {
    if (!(error instanceof errors.JWSSignatureVerificationFailed)) return { ok: false, failure: failureOf(error) };
    // Maybe CrazyGames rotated its key since we fetched it: one fresh fetch, one more try.
    const fresh = await keys.refreshed(key);
    if (!fresh) return { ok: false, failure: 'bad_sign' };
    try {
      payload = (await verifyWith(token, fresh, expected.nowMs)).payload;
    } catch (again) {
      return { ok: false, failure: failureOf(again) };
    }
  }
  const { userId, gameId, username, iat } = payload;
  const id = typeof userId === 'number' ? String(userId) : userId;
  if (typeof id !== 'string' || !USER_ID.test(id)) return { ok: false, failure: 'malformed' };
  // A token issued in the future was not issued by a clock we can trust.
  if (typeof iat !== 'number' || iat > expected.nowMs / 1000 + CLOCK_TOLERANCE_SECONDS) {
    return { ok: false, failure: 'expired' };
  }
  if (gameId !== expected.gameId) return { ok: false, failure: 'other_game' };
  const name = typeof username === 'string' && username.trim() ? username.trim().slice(0, 100) : undefined;
  return { ok: true, userId: id, username: name };
}

function failureOf(error: unknown): CrazyGamesTokenFailure {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'bad_sign';
  return 'malformed';
}
