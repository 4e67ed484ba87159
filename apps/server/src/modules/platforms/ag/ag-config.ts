import { z } from 'zod';
import { appSecretList } from '../../../config/app-secret-list.js';
import { emptyAsUndefined } from '../../../config/env-helpers.js';

/**
 * Absolute Games' part of the server configuration. Each game's AG application (its id and
 * secret key) lives in the environment, never in the committed catalog:
 * `AG_APPS=game=appId:secretKey,…`. The secret signs the iframe parameters, the payment token
 * and AG's payment notification (ag-sign.ts; a proposed protocol, see the adapter's README).
 */

/** One game's AG application; the first secret signs (simulator, tests), all verify (rotation). */
export interface AgApp {
  appId: string;
  secrets: string[];
}

export interface AgConfig {
  /** Per game system name. */
  apps: Record<string, AgApp>;
  /**
   * Development only: the secret of every game without an AG_APPS entry whose catalog names
   * `PlatformData.AbsoluteGamesAppId`, so that the simulated Absolute Games can sign.
   */
  dev: { secret: string } | undefined;
  /** How old the iframe parameters (their game_sid time) may be before sign-in refuses them. */
  launchMaxAgeSeconds: number;
}

/** The AG secret of the demo games in development (documented in README); never valid in production. */
export const DEV_AG_APP = { secret: 'dev-ag-app-secret-not-for-production' } as const;

/** `game=appId:secretKey,…`; a game may repeat (same app) while its secret rotates. */
const agAppList = appSecretList(
  '[A-Za-z0-9_-]{1,32}',
  'Expected game=appId:secretKey (16+ character secret key)',
  'AG applications',
);

/** Absolute Games' environment variables, merged into the server's EnvSchema. */
export const AG_ENV = {
  AG_APPS: z.preprocess(emptyAsUndefined, agAppList.default({})),
  AG_LAUNCH_MAX_AGE_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(60).max(604_800).default(86_400),
  ),
};

type AgEnv = { AG_APPS: Record<string, AgApp>; AG_LAUNCH_MAX_AGE_SECONDS: number };

export function agConfig(env: AgEnv, mode: 'development' | 'production'): AgConfig {
  return {
    apps: env.AG_APPS,
    dev: mode === 'development' ? DEV_AG_APP : undefined,
    launchMaxAgeSeconds: env.AG_LAUNCH_MAX_AGE_SECONDS,
  };
}
