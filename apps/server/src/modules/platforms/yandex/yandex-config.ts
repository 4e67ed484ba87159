import { z } from 'zod';
import { emptyAsUndefined } from '../../../config/env-helpers.js';

/**
 * Yandex Games' part of the server configuration. The secret key of each game's
 * in-app purchases (Console → In-app purchases → Settings, unique per game) lives in
 * the environment, never in the committed catalog: `YANDEX_GAMES_SECRETS=game=secret,…`.
 */

export interface YandexConfig {
  /** Secret keys per game system name; the first signs (simulator, tests), all verify (rotation). */
  secrets: Record<string, string[]>;
  /**
   * Development only: every game published on `yandex` without an entry above gets
   * `${devSecretPrefix}${game}`, one key per game (the signed data names no game, so
   * only distinct keys tell one game's purchases from another's).
   */
  devSecretPrefix: string | undefined;
  /** How old the signature of getPlayer({signed}) or of one purchase() may be (its issuedAt). */
  signedMaxAgeSeconds: number;
  /** Where the portal loads the YaGames SDK from (a path on the portal's own origin; page config). */
  sdkUrl: string;
}

/** Where Yandex serves its SDK to the games it hosts (platform-protocols.md §13a). */
export const YANDEX_SDK_PATH = '/sdk.js';
/** The host simulator's stand-in, relative to the portal's base path (development). */
export const DEV_YANDEX_SDK_URL = 'dev/hosts/yandex/sdk.js';

/** The dev key of a demo game is this plus its system name (README); never valid in production. */
export const DEV_YANDEX_SECRET_PREFIX = 'dev-yandex-games-secret-not-for-production:';

const pairPattern = /^\s*([a-z0-9][a-z0-9-]{0,62})=(\S{8,})\s*$/;

/** `game=secret,…`; a game may repeat while its secret rotates. */
const secretList = z
  .string()
  .transform((text) => text.split(',').filter((item) => item.trim() !== ''))
  .pipe(z.array(z.string().regex(pairPattern, 'Expected game=secret (an 8+ character secret key)')))
  .transform((pairs) => {
    const secrets: Record<string, string[]> = {};
    for (const pair of pairs) {
      const [, game = '', secret = ''] = pairPattern.exec(pair) ?? [];
      secrets[game] = [...(secrets[game] ?? []), secret];
    }
    return secrets;
  });

/** Yandex Games' environment variables, merged into the server's EnvSchema. */
export const YANDEX_ENV = {
  YANDEX_GAMES_SECRETS: z.preprocess(emptyAsUndefined, secretList.default({})),
  YANDEX_SIGNED_MAX_AGE_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(60).max(86_400).default(3600),
  ),
  // Same origin only: the CSP allows scripts from the portal's own origin (and no inline ones).
  YANDEX_SDK_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(\/(?!\/)|[a-z0-9])[\w./-]*$/i, 'Expected a path on this origin, e.g. /sdk.js')
      .optional(),
  ),
};

type YandexEnv = {
  YANDEX_GAMES_SECRETS: Record<string, string[]>;
  YANDEX_SIGNED_MAX_AGE_SECONDS: number;
  YANDEX_SDK_URL?: string | undefined;
};

export function yandexConfig(env: YandexEnv, mode: 'development' | 'production'): YandexConfig {
  return {
    secrets: env.YANDEX_GAMES_SECRETS,
    devSecretPrefix: mode === 'development' ? DEV_YANDEX_SECRET_PREFIX : undefined,
    signedMaxAgeSeconds: env.YANDEX_SIGNED_MAX_AGE_SECONDS,
    sdkUrl: env.YANDEX_SDK_URL ?? (mode === 'development' ? DEV_YANDEX_SDK_URL : YANDEX_SDK_PATH),
  };
}
