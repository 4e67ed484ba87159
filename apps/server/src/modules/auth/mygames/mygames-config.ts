import { z } from 'zod';
import { appSecretList, type PlatformApp } from '../../../config/app-secret-list.js';
import { emptyAsUndefined, type Mode, optional } from '../../../config/env-helpers.js';

/**
 * MY.GAMES ID OAuth (spec §7 `oauth/mygames/info` and `/transfer`): each game's MY.GAMES OAuth
 * client (`MYGAMES_APPS=game=clientId:clientSecret,…`) and where MY.GAMES's OAuth server is
 * (`MYGAMES_OAUTH_URL`: `/oauth2/authorize`, `/oauth2/token`, `/oauth2/userinfo` under it). Its
 * real host and paths are not confirmed from public sources, so there is no default: a game
 * without both is not configured.
 */
export interface MyGamesConfig {
  apps: Record<string, PlatformApp>;
  oauthUrl: string | undefined;
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

export function myGamesConfig(env: MyGamesEnv): MyGamesConfig {
  return { apps: env.MYGAMES_APPS, oauthUrl: env.MYGAMES_OAUTH_URL };
}

export function myGamesProblems(env: MyGamesEnv, mode: Mode): string[] {
  const problems: string[] = [];
  if (Object.keys(env.MYGAMES_APPS).length > 0 && !env.MYGAMES_OAUTH_URL) {
    problems.push('MYGAMES_OAUTH_URL: required when MYGAMES_APPS is set');
  }
  if (mode === 'production' && env.MYGAMES_OAUTH_URL && !env.MYGAMES_OAUTH_URL.startsWith('https://')) {
    problems.push('MYGAMES_OAUTH_URL: must be https:// in production');
  }
  return problems;
}
