import type { AppContext } from '../../../context.js';
import { PlatformAuthError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { isStaleIssuedAt, verifyFacebookSignedRequest } from '../facebook-signed-request.js';
import { requireFbGamesApp } from './fbgames-apps.js';

/** Facebook's app-scoped user ids are decimal numbers as text. */
const USER_ID = /^\d{1,32}$/;

/**
 * A Facebook Games signed_request (canvas load, JS SDK login status, deauthorize and data-deletion
 * callbacks; security.md §4a) checked with the game's app secret, naming a user: its `user_id`.
 * `fresh` also ages its issued_at (sign-in); Facebook's callbacks are not aged (it retries them).
 */
export function verifyFbGamesUser(
  ctx: AppContext,
  game: GameRecord,
  signedRequest: string,
  options: { fresh: boolean },
): { userId: string; payload: Record<string, unknown> } {
  const app = requireFbGamesApp(ctx, game);
  const verdict = verifyFacebookSignedRequest(signedRequest, app.secrets);
  if (!verdict.ok) throw new PlatformAuthError('platform_sign_invalid', 'FacebookGames', verdict.failure);
  const userId = verdict.payload.user_id;
  // A canvas visitor who has not authorized the app is signed without a user: not a player yet.
  if (typeof userId !== 'string' || !USER_ID.test(userId)) {
    throw new PlatformAuthError('platform_sign_invalid', 'FacebookGames', 'no_user');
  }
  const maxAge = ctx.config.platforms.fbgames?.signedMaxAgeSeconds ?? 3600;
  if (options.fresh && isStaleIssuedAt(verdict.payload.issued_at, ctx.now(), maxAge)) {
    throw new PlatformAuthError('platform_payload_expired', 'FacebookGames', 'stale');
  }
  return { userId, payload: verdict.payload };
}
