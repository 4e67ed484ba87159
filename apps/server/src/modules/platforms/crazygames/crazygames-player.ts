import type { AppContext } from '../../../context.js';
import { PlatformAuthError, PlatformNotConfiguredError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';
import { type CrazyGamesKeys, crazyGamesKeys } from './crazygames-public-key.js';
import { type CrazyGamesTokenFailure, verifyCrazyGamesToken } from './crazygames-token.js';

/** One key cache per running app (its composition root's context), never shared between apps. */
const keyCaches = new WeakMap<AppContext, CrazyGamesKeys>();

function keysOf(ctx: AppContext): CrazyGamesKeys {
  let keys = keyCaches.get(ctx);
  if (!keys) {
    keys = crazyGamesKeys(ctx.config.platforms.crazygames, ctx.now);
    keyCaches.set(ctx, keys);
  }
  return keys;
}

/** The game's CrazyGames game id: CRAZYGAMES_GAME_IDS, or in development the simulated one. */
export function crazyGamesGameIdOf(ctx: AppContext, game: GameRecord): string | undefined {
  const config = ctx.config.platforms.crazygames;
  const name = game.definition.GameSystemName;
  if (config.gameIds[name]) return config.gameIds[name];
  if (config.devGameIdPrefix && game.definition.Platforms.includes('crazygames'))
    return `${config.devGameIdPrefix}${name}`;
  return undefined;
}

/** Which stable error code each refusal of a user token answers with. */
const FAILURE_CODES = {
  malformed: 'platform_sign_invalid',
  bad_sign: 'platform_sign_invalid',
  expired: 'platform_payload_expired',
  other_game: 'platform_app_mismatch',
} as const satisfies Record<CrazyGamesTokenFailure, ConstructorParameters<typeof PlatformAuthError>[0]>;

/** The CrazyGames user a token names for this game; PlatformAuthError (401) when it does not verify. */
export async function verifyCrazyGamesPlayer(ctx: AppContext, game: GameRecord, token: string) {
  const gameId = crazyGamesGameIdOf(ctx, game);
  if (!gameId) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'CrazyGames');
  const verdict = await verifyCrazyGamesToken(token, keysOf(ctx), { gameId, nowMs: ctx.now() });
  if (!verdict.ok) throw new PlatformAuthError(FAILURE_CODES[verdict.failure], 'CrazyGames', verdict.failure);
  return verdict;
}
