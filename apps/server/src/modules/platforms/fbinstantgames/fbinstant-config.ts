import { z } from 'zod';
import { appSecretList } from '../../../config/app-secret-list.js';
import { emptyAsUndefined } from '../../../config/env-helpers.js';

/**
 * Facebook Instant Games' part of the server configuration. Each game's Facebook app (its id
 * and app secret, from the app's settings on developers.facebook.com) lives in the environment,
 * never in the committed catalog: `FB_INSTANT_APPS=game=appId:appSecret,…`.
 */

/** One game's Instant Games app; the first secret signs (simulator, tests), all verify (rotation). */
export interface FbInstantApp {
  appId: string;
  secrets: string[];
}

export interface FbInstantConfig {
  /** Per game system name. */
  apps: Record<string, FbInstantApp>;
  /**
   * Development only: every game published on `fbinstantgames` without an entry above whose
   * catalog names `PlatformData.FacebookInstantGamesAppId` gets `${devSecretPrefix}${game}`.
   */
  devSecretPrefix: string | undefined;
  /** How old a SignedPlayerInfo or a fresh purchase's signedRequest may be (its issued_at). */
  signedMaxAgeSeconds: number;
  /** Where the portal loads the FBInstant SDK from (page config). */
  sdkUrl: string;
}

/** Where Facebook serves the Instant Games SDK (platform-protocols.md §13c). */
export const FB_INSTANT_SDK_URL = 'https://connect.facebook.net/en_US/fbinstant.7.1.js';
/** The host simulator's stand-in, relative to the portal's base path (development). */
export const DEV_FB_INSTANT_SDK_URL = 'dev/hosts/fbinstantgames/fbinstant.js';
/** The dev app secret of a demo game is this plus its system name (README); never valid in production. */
export const DEV_FB_INSTANT_SECRET_PREFIX = 'dev-fb-instant-secret-not-for-production:';

/** `game=appId:appSecret,…`; a game may repeat (same app) while its secret rotates. */
const appList = appSecretList(
  '\\d{1,20}',
  'Expected game=appId:appSecret (numeric app id, 16+ character secret)',
  'Facebook apps',
);

/** Facebook Instant Games' environment variables, merged into the server's EnvSchema. */
export const FB_INSTANT_ENV = {
  FB_INSTANT_APPS: z.preprocess(emptyAsUndefined, appList.default({})),
  FB_INSTANT_SIGNED_MAX_AGE_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(60).max(86_400).default(3600),
  ),
  // A path on the portal's origin, or an https URL whose origin the CSP then allows scripts from.
  FB_INSTANT_SDK_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^(https:\/\/[\w.-]+(:\d+)?\/|\/(?!\/)|[a-z0-9])[\w./-]*$/i,
        'Expected https://…/fbinstant.7.1.js or a path on this origin',
      )
      .optional(),
  ),
};

type FbInstantEnv = {
  FB_INSTANT_APPS: Record<string, FbInstantApp>;
  FB_INSTANT_SIGNED_MAX_AGE_SECONDS: number;
  FB_INSTANT_SDK_URL?: string | undefined;
};

export function fbInstantConfig(env: FbInstantEnv, mode: 'development' | 'production'): FbInstantConfig {
  return {
    apps: env.FB_INSTANT_APPS,
    devSecretPrefix: mode === 'development' ? DEV_FB_INSTANT_SECRET_PREFIX : undefined,
    signedMaxAgeSeconds: env.FB_INSTANT_SIGNED_MAX_AGE_SECONDS,
    sdkUrl: env.FB_INSTANT_SDK_URL ?? (mode === 'development' ? DEV_FB_INSTANT_SDK_URL : FB_INSTANT_SDK_URL),
  };
}
