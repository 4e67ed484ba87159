import { z } from 'zod';
import { emptyAsUndefined } from '../../../config/env-helpers.js';

/**
 * CrazyGames' part of the server configuration: each game's CrazyGames game id (the
 * `gameId` claim of its user tokens, from the CrazyGames developer portal) and where
 * CrazyGames publishes the public key that signs user tokens (security.md §6).
 */
export interface CrazyGamesConfig {
  /** CrazyGames game id per game system name: `CRAZYGAMES_GAME_IDS=game=id,…`. */
  gameIds: Record<string, string>;
  /** Development only: a game on `crazygames` without an entry above has the id `${devGameIdPrefix}${game}`. */
  devGameIdPrefix: string | undefined;
  /** `{ "publicKey": "<PEM>" }`, fetched and cached; fetched again when a token does not verify (rotation). */
  publicKeyUrl: string;
  /** How long a fetched key is trusted before it is fetched again. */
  publicKeyTtlSeconds: number;
  /** Where the portal loads SDK v3 from (page config). */
  sdkUrl: string;
}

/** Where CrazyGames publishes its user-token key (security.md §6). */
export const CRAZYGAMES_PUBLIC_KEY_URL = 'https://sdk.crazygames.com/publicKey.json';
/** Where CrazyGames serves SDK v3 (platform-protocols.md §13b). */
export const CRAZYGAMES_SDK_URL = 'https://sdk.crazygames.com/crazygames-sdk-v3.js';
/** The host simulator's stand-ins (development), relative to the portal's base path / public URL. */
export const DEV_CRAZYGAMES_SDK_URL = 'dev/hosts/crazygames/sdk.js';
export const DEV_CRAZYGAMES_PUBLIC_KEY_PATH = '/dev/hosts/crazygames/publicKey.json';
/** The simulated CrazyGames game id of a demo game is this plus its system name. */
export const DEV_CRAZYGAMES_GAME_ID_PREFIX = 'sim-crazygames-';

const pairPattern = /^\s*([a-z0-9][a-z0-9-]{0,62})=([A-Za-z0-9_-]{1,64})\s*$/;

const gameIdList = z
  .string()
  .transform((text) => text.split(',').filter((item) => item.trim() !== ''))
  .pipe(z.array(z.string().regex(pairPattern, 'Expected game=crazyGamesGameId')))
  .transform((pairs) =>
    Object.fromEntries(pairs.map((pair) => (pairPattern.exec(pair) ?? []).slice(1, 3) as [string, string])),
  );

/** CrazyGames' environment variables, merged into the server's EnvSchema. */
export const CRAZYGAMES_ENV = {
  CRAZYGAMES_GAME_IDS: z.preprocess(emptyAsUndefined, gameIdList.default({})),
  CRAZYGAMES_PUBLIC_KEY_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  CRAZYGAMES_PUBLIC_KEY_TTL_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(10).max(86_400).default(600),
  ),
  CRAZYGAMES_SDK_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^(https:\/\/[\w.-]+(:\d+)?\/|\/(?!\/)|[a-z0-9])[\w./-]*$/i,
        'Expected https://…/crazygames-sdk-v3.js or a path on this origin',
      )
      .optional(),
  ),
};

type CrazyGamesEnv = {
  CRAZYGAMES_GAME_IDS: Record<string, string>;
  CRAZYGAMES_PUBLIC_KEY_URL?: string | undefined;
  CRAZYGAMES_PUBLIC_KEY_TTL_SECONDS: number;
  CRAZYGAMES_SDK_URL?: string | undefined;
};

export function crazyGamesConfig(
  env: CrazyGamesEnv,
  mode: 'development' | 'production',
  publicUrl: string,
): CrazyGamesConfig {
  const dev = mode === 'development';
  return {
    gameIds: env.CRAZYGAMES_GAME_IDS,
    devGameIdPrefix: dev ? DEV_CRAZYGAMES_GAME_ID_PREFIX : undefined,
    publicKeyUrl:
      env.CRAZYGAMES_PUBLIC_KEY_URL ??
      (dev ? `${publicUrl}${DEV_CRAZYGAMES_PUBLIC_KEY_PATH}` : CRAZYGAMES_PUBLIC_KEY_URL),
    publicKeyTtlSeconds: env.CRAZYGAMES_PUBLIC_KEY_TTL_SECONDS,
    sdkUrl: env.CRAZYGAMES_SDK_URL ?? (dev ? DEV_CRAZYGAMES_SDK_URL : CRAZYGAMES_SDK_URL),
  };
}

/** Production takes the key only over https: a key fetched in the clear could be swapped. */
export function crazyGamesProblems(env: CrazyGamesEnv, mode: 'development' | 'production'): string[] {
  const url = env.CRAZYGAMES_PUBLIC_KEY_URL;
  return mode === 'production' && url && !url.startsWith('https://')
    ? ['CRAZYGAMES_PUBLIC_KEY_URL: must be an https URL in production']
    : [];
}
