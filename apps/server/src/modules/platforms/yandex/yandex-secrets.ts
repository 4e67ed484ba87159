import type { AppContext } from '../../../context.js';
import { PlatformNotConfiguredError } from '../../../errors.js';
import type { GameRecord } from '../../catalog/game-catalog.js';

/**
 * The Yandex secret keys of a game: YANDEX_GAMES_SECRETS when it names the game; in
 * development only, the documented dev key of a game published on `yandex`.
 */
export function yandexSecretsOf(ctx: AppContext, game: GameRecord): string[] | undefined {
  const yandex = ctx.config.platforms.yandex;
  const name = game.definition.GameSystemName;
  const configured = yandex.secrets[name];
  if (configured?.length) return configured;
  if (yandex.devSecretPrefix && game.definition.Platforms.includes('yandex'))
    return [`${yandex.devSecretPrefix}${name}`];
  return undefined;
}

export function requireYandexSecrets(ctx: AppContext, game: GameRecord): string[] {
  const secrets = yandexSecretsOf(ctx, game);
  if (!secrets) throw new PlatformNotConfiguredError(game.definition.GameSystemName, 'YandexGames');
  return secrets;
}
