import { z } from 'zod';
import { appSecretList, type PlatformApp } from '../../../config/app-secret-list.js';
import { emptyAsUndefined, type Mode, optional } from '../../../config/env-helpers.js';

/**
 * MY.GAMES ID OAuth (spec §7 `oauth/mygames/info` and `/transfer`): each game's MY.GAMES OAuth
 * client (`MYGAMES_APPS=game=clientId:clientSecret,…`) and where MY.GAMES's OAuth server is
 * (`MYGAMES_OAUTH_URL`: `/oauth2/authorize`, `/oauth2/token`, `/oauth2/userinfo` under it). Its
 * real host and paths are not confirmed from public sources, so production has no default: a
 * game without both is not configured. Development without `MYGAMES_OAUTH_URL` uses this
 * server's stand-in (`/dev/mygames`), where every catalog game has a client.
 */
export interface MyGamesConfig {
  apps: Record<string, PlatformApp>;
  oauthUrl: string | undefined;
  /** Whether the offline stand-in of MY.GAMES is served at /dev/mygames (development only). */
  devStandIn?: boolean | undefined;
}

/** Where the stand-in answers, under PUBLIC_URL. */
export const DEV_MYGAMES_PATH = '/dev/mygames';
/** The client secret of a game without a MYGAMES_APPS entry, known only to the stand-in (development). */
export const DEV_MYGAMES_CLIENT_SECRET = 'dev-mygames-client-secret-not-for-production';

/** A game's MY.GAMES client: its MYGAMES_APPS entry, else with the stand-in one named after the game. */
export function myGamesAppOf(config: MyGamesConfig, game: string): PlatformApp | undefined {
  return config.apps[game] ?? (config.devStandIn ? { appId: game, secrets: [DEV_MYGAMES_CLIENT_SECRET] } : undefined);
}

/** The portal page registered as the MY.GAMES client's redirect URL (under the router base). */
export const MYGAMES_REDIRECT_PAGE = 'LoginMyGames';

const myGamesAppList = appSecretList(
  '[\\w.-]{1,128}',
  'Expected game=clientId:clientSecret (16+ character secret)',
  'MY.GAMES clients',
);

export const MYGAMES_ENV = {
  MYGAMES_APPS: z.preprocess(emptyAsUndefined, myGamesAppList.default({})),
  MYGAMES_OAUTH_URL: optional(z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/$/, ''))),
};

type MyGamesEnv = { MYGAMES_APPS: Record<string, PlatformApp>; MYGAMES_OAUTH_URL?: string | undefined };

export function myGamesConfig(env: MyGamesEnv, mode: Mode, publicUrl: string): MyGamesConfig {
  if (mode === 'development' && !env.MYGAMES_OAUTH_URL) {
    return { apps: env.MYGAMES_APPS, oauthUrl: `${publicUrl}${DEV_MYGAMES_PATH}`, devStandIn: true };
  }
  return { apps: env.MYGAMES_APPS, oauthUrl: env.MYGAMES_OAUTH_URL };
}

export function myGamesProblems(env: MyGamesEnv, mode: Mode): string[] {
  const problems: string[] = [];
  if (mode !== 'development' && Object.keys(env.MYGAMES_APPS).length > 0 && !env.MYGAMES_OAUTH_URL) {
    problems.push('MYGAMES_OAUTH_URL: required when MYGAMES_APPS is set');
  }
  if (mode === 'production' && env.MYGAMES_OAUTH_URL && !env.MYGAMES_OAUTH_URL.startsWith('https://')) {
    problems.push('MYGAMES_OAUTH_URL: must be https:// in production');
  }
  return problems;
}
