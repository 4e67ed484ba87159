import { z } from 'zod';
import { appSecretList } from '../../../config/app-secret-list.js';
import { emptyAsUndefined } from '../../../config/env-helpers.js';

/**
 * Odnoklassniki's part of the server configuration. Each game's OK application (its
 * id, public key and secret key, from the app's settings on ok.ru) lives in the
 * environment, never in the committed catalog: `OK_APPS=game=appId:publicKey:secretKey,…`.
 */

/** One game's OK application; the first secret signs (simulator, tests), all verify (rotation). */
export interface OkApp {
  appId: string;
  /** `application_key`: OK sends it with launch parameters and payment callbacks. */
  publicKey: string;
  secrets: string[];
}

export interface OkConfig {
  /** Per game system name. */
  apps: Record<string, OkApp>;
  /**
   * Development only: the public and secret key of every game without an OK_APPS entry
   * whose catalog names `PlatformData.OdnoklassnikiAppId`, so that a simulated OK can sign.
   */
  dev: { publicKey: string; secret: string } | undefined;
  /** Where the portal loads FAPI from (page config): OK's fapi5.js, or a path on the portal's own origin. */
  fapiUrl: string;
}

/** Where OK serves FAPI to the apps it frames (platform-protocols.md §13d). */
export const OK_FAPI_URL = 'https://api.ok.ru/js/fapi5.js';
/** The host simulator's stand-in, relative to the portal's base path (development). */
export const DEV_OK_FAPI_URL = 'dev/hosts/ok/fapi5.js';

/** The OK keys of the demo games in development (documented in README); never valid in production. */
export const DEV_OK_APP = { publicKey: 'CBADEVOKAPPKEY', secret: 'dev-ok-app-secret-not-for-production' } as const;

/**
 * `game=appId:publicKey:secretKey,…`; a game may repeat (same app) while its secret rotates. The
 * shared parser reads `appId:publicKey` as the app's id (a public key never holds a colon).
 */
const okAppList = appSecretList(
  '\\d{1,18}:[A-Za-z0-9]{4,64}',
  'Expected game=appId:publicKey:secretKey (numeric app id, 16+ character secret key)',
  'OK applications',
).transform((apps) =>
  Object.fromEntries(
    Object.entries(apps).map(([game, { appId: idAndKey, secrets }]) => {
      const [appId = '', publicKey = ''] = idAndKey.split(':');
      return [game, { appId, publicKey, secrets } satisfies OkApp];
    }),
  ),
);

/** Odnoklassniki's environment variables, merged into the server's EnvSchema. */
export const OK_ENV = {
  OK_APPS: z.preprocess(emptyAsUndefined, okAppList.default({})),
  // A path on the portal's origin, or an https URL whose origin the CSP then allows scripts from.
  OK_FAPI_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^(https:\/\/[\w.-]+(:\d+)?\/|\/(?!\/)|[a-z0-9])[\w./-]*$/i,
        'Expected https://…/fapi5.js or a path on this origin',
      )
      .optional(),
  ),
};

type OkEnv = { OK_APPS: Record<string, OkApp>; OK_FAPI_URL?: string | undefined };

export function okConfig(env: OkEnv, mode: 'development' | 'production'): OkConfig {
  return {
    apps: env.OK_APPS,
    dev: mode === 'development' ? DEV_OK_APP : undefined,
    fapiUrl: env.OK_FAPI_URL ?? (mode === 'development' ? DEV_OK_FAPI_URL : OK_FAPI_URL),
  };
}
