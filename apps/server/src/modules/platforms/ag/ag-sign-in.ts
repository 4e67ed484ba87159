import { AbsoluteGamesLoginSchema, type AbsoluteGamesPaymentBlock } from '@fxid/contract';
import type { AppContext } from '../../../context.js';
import { ForbiddenError, PlatformAuthError } from '../../../errors.js';
import type { ExternalIdentity } from '../server-platform.js';
import type { AgApp } from './ag-config.js';
import { type AgLaunch, type AgLaunchFailure, verifyAgLaunch } from './ag-sign.js';

/** Which stable error code each refusal of iframe parameters answers with. */
const FAILURE_CODES = {
  malformed: 'platform_sign_invalid',
  duplicate_key: 'platform_sign_invalid',
  missing_sig: 'platform_sign_invalid',
  bad_sig: 'platform_sign_invalid',
  other_app: 'platform_app_mismatch',
  stale: 'platform_payload_expired',
} as const satisfies Record<AgLaunchFailure, ConstructorParameters<typeof PlatformAuthError>[0]>;

/** The iframe parameters, verified for this game's app, or a PlatformAuthError (401). */
export function verifyAgLogin(ctx: AppContext, app: AgApp, query: string): AgLaunch {
  const verdict = verifyAgLaunch(query, app, {
    nowMs: ctx.now(),
    maxAgeSeconds: ctx.config.platforms.ag?.launchMaxAgeSeconds ?? 86_400,
  });
  if (!verdict.ok) throw new PlatformAuthError(FAILURE_CODES[verdict.failure], 'AbsoluteGames', verdict.failure);
  return verdict;
}

/** The payment creation request's AbsoluteGames block (spec store §3) as the query string it came from. */
export function agLaunchQueryOf(block: AbsoluteGamesPaymentBlock): string {
  return new URLSearchParams({
    app_id: block.AppId,
    auth_key: block.AuthKey,
    debug: block.Debug,
    game_sid: block.GameSid,
    guest: block.Guest,
    invite: block.Invite,
    player_id: block.PlayerId,
  }).toString();
}

/**
 * `AbsoluteGamesLogin {QueryString, UserAuth}` (spec store §7): UserAuth, when given, holds the
 * host's newer signed parameters (after the player logged in on ag.ru) and takes precedence.
 * An AG guest is no player of ours: 'Not authorized' (spec store §4), and no account is made.
 */
export function agIdentity(ctx: AppContext, app: AgApp, block: unknown): ExternalIdentity {
  const { QueryString, UserAuth } = AbsoluteGamesLoginSchema.parse(block);
  const player = verifyAgLogin(ctx, app, UserAuth || QueryString);
  if (player.guest) throw new ForbiddenError('Not authorized');
  return { type: 'AbsoluteGames', id: player.playerId, profile: {} };
}
