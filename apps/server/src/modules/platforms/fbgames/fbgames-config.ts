import { z } from 'zod';
import { appSecretList } from '../../../config/app-secret-list.js';
import { emptyAsUndefined } from '../../../config/env-helpers.js';

/**
 * Facebook Games' (canvas) part of the server configuration. Each game's Facebook app (id and app
 * secret) lives in the environment, never in the committed catalog: `FB_GAMES_APPS=game=appId:appSecret,…`.
 */

/** One game's Facebook app; the first secret signs (simulator, tests), all verify (rotation). */
export interface FbGamesApp {
  appId: string;
  secrets: string[];
}

export interface FbGamesConfig {
  apps: Record<string, FbGamesApp>;
  /**
   * Development only: every game published on `fbgames` without an entry above whose catalog
   * names `PlatformData.FacebookGamesAppId` gets `${devSecretPrefix}${game}`.
   */
  devSecretPrefix: string | undefined;
  /** How old a signed_request may be when it signs a player in (its issued_at). */
  signedMaxAgeSeconds: number;
  /**
   * Graph API origin and version path, e.g. https://graph.facebook.com/v19.0; undefined in
   * development: the simulator's fake Graph API on this server (`{PUBLIC_URL}/dev/facebook-graph/v19.0`).
   */
  graphUrl: string | undefined;
  /** The token Facebook echoes when it verifies the payments webhook subscription. */
  webhookVerifyToken: string | undefined;
  /** Where the portal loads Facebook's JS SDK from (page config). */
  sdkUrl: string;
}

/** Where Facebook serves its JS SDK. */
export const FB_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
/** The host simulator's stand-in, relative to the portal's base path (development). */
export const DEV_FB_SDK_URL = 'dev/hosts/fbgames/sdk.js';

export const FACEBOOK_GRAPH_URL = 'https://graph.facebook.com/v19.0';
/** The dev app secret of a demo game is this plus its system name (README); never valid in production. */
export const DEV_FB_GAMES_SECRET_PREFIX = 'dev-fb-games-secret-not-for-production:';
export const DEV_FB_GAMES_VERIFY_TOKEN = 'dev-fb-games-verify-token';

const appList = appSecretList(
  '\\d{1,20}',
  'Expected game=appId:appSecret (numeric app id, 16+ character secret)',
  'Facebook apps',
);

/** Facebook Games' environment variables, merged into the server's EnvSchema. */
export const FB_GAMES_ENV = {
  FB_GAMES_APPS: z.preprocess(emptyAsUndefined, appList.default({})),
  FB_GAMES_SIGNED_MAX_AGE_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(60).max(86_400).default(3600),
  ),
  FACEBOOK_GRAPH_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  FB_GAMES_WEBHOOK_VERIFY_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(8).max(256).optional()),
  // A path on the portal's origin, or an https URL whose origin the CSP then allows scripts from.
  FB_SDK_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^(https:\/\/[\w.-]+(:\d+)?\/|\/(?!\/)|[a-z0-9])[\w./-]*$/i,
        'Expected https://…/sdk.js or a path on this origin',
      )
      .optional(),
  ),
};

type FbGamesEnv = z.output<z.ZodObject<typeof FB_GAMES_ENV>>;

export function fbGamesConfig(env: FbGamesEnv, mode: 'development' | 'production'): FbGamesConfig {
  const development = mode === 'development';
  return {
    apps: env.FB_GAMES_APPS,
    devSecretPrefix: development ? DEV_FB_GAMES_SECRET_PREFIX : undefined,
    signedMaxAgeSeconds: env.FB_GAMES_SIGNED_MAX_AGE_SECONDS,
    // In development the simulator's fake Graph API answers, offline.
    graphUrl: env.FACEBOOK_GRAPH_URL?.replace(/\/$/, '') ?? (development ? undefined : FACEBOOK_GRAPH_URL),
    webhookVerifyToken: env.FB_GAMES_WEBHOOK_VERIFY_TOKEN ?? (development ? DEV_FB_GAMES_VERIFY_TOKEN : undefined),
    sdkUrl: env.FB_SDK_URL ?? (development ? DEV_FB_SDK_URL : FB_SDK_URL),
  };
}

/** Bad Facebook Games settings of this mode. */
export function fbGamesProblems(env: FbGamesEnv, mode: 'development' | 'production'): string[] {
  if (mode !== 'production' || !env.FACEBOOK_GRAPH_URL) return [];
  return ['FACEBOOK_GRAPH_URL: for tests only; production talks to graph.facebook.com'];
}
