import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { emptyAsUndefined, type Mode, optional } from '../../config/env-helpers.js';

/**
 * Native in-app validation's part of the server configuration (README "Native in-app purchases").
 * Which app of each store is which game lives in the environment; the service-account key, the
 * App Store Connect key and the pinned root certificates are files the operator mounts.
 * Production has nothing by default: a game without an entry answers 503 platform_not_configured.
 * Development with nothing configured uses the fake stores on this server (native-stores.ts).
 */

export interface GooglePlayConfig {
  /** The Android package name of each game, by game system name. */
  packages: Record<string, string>;
  /** The service account's email and PEM private key (from its JSON key file). */
  serviceAccount: { clientEmail: string; privateKey: string } | undefined;
  /** The Android Publisher API root (Google's, or a fake's in tests). */
  apiUrl: string;
  /** Where the service account's JWT is exchanged for an access token. */
  tokenUrl: string;
  /** Development with no package configured: every game sells through the fake Play on this server. */
  dev: boolean;
}

export interface AppStoreApp {
  bundleId: string;
  /** The app's Apple id; Apple's verifier requires it in production. */
  appAppleId: number | undefined;
}

export interface AppStoreConfig {
  apps: Record<string, AppStoreApp>;
  environment: 'Production' | 'Sandbox';
  /** The in-app purchase key of App Store Connect (.p8, ES256) that signs the API bearer token. */
  apiKey: { keyId: string; issuerId: string; privateKey: string } | undefined;
  /** DER certificates a signed transaction's x5c chain must end at (Apple Root CA - G3 in production). */
  rootCertificates: Buffer[];
  /** The App Store Server API host (Apple's for the environment, or a fake's in tests). */
  apiUrl: string;
  /** Development with no app configured: every game sells through the fake App Store on this server. */
  dev: boolean;
}

export interface NativeInAppConfig {
  googlePlay: GooglePlayConfig;
  appStore: AppStoreConfig;
}

export const GOOGLE_PLAY_API_ROOT = 'https://androidpublisher.googleapis.com/';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const APP_STORE_HOSTS = {
  Production: 'https://api.storekit.apple.com',
  Sandbox: 'https://api.storekit-sandbox.apple.com',
} as const;

const gameKey = '([a-z0-9][a-z0-9-]{0,62})';
const packagePattern = new RegExp(`^\\s*${gameKey}=([A-Za-z][\\w]*(?:\\.[A-Za-z][\\w]*)+)\\s*$`);
const bundlePattern = new RegExp(`^\\s*${gameKey}=([A-Za-z0-9][\\w.-]*)(?::(\\d{1,20}))?\\s*$`);

/** `game=value,…` with one value per game, parsed by `pattern` into the value of each game. */
function perGameList<T>(pattern: RegExp, expected: string, value: (match: RegExpExecArray) => T) {
  return z
    .string()
    .transform((text) => text.split(',').filter((item) => item.trim() !== ''))
    .pipe(z.array(z.string().regex(pattern, expected)))
    .transform((pairs, ctx) => {
      const byGame: Record<string, T> = {};
      for (const pair of pairs) {
        const match = pattern.exec(pair) as RegExpExecArray;
        const game = match[1] ?? '';
        if (byGame[game] !== undefined) ctx.addIssue({ code: 'custom', message: `${game} is given twice` });
        byGame[game] = value(match);
      }
      return byGame;
    });
}

const url = z.url({ protocol: /^https?$/ }).transform((text) => text.replace(/\/$/, ''));

export const NATIVE_INAPP_ENV = {
  GOOGLE_PLAY_PACKAGES: z.preprocess(
    emptyAsUndefined,
    perGameList(packagePattern, 'Expected game=com.example.package', (m) => m[2] ?? '').default({}),
  ),
  GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: optional(z.string()),
  GOOGLE_PLAY_API_URL: optional(url),
  GOOGLE_OAUTH_TOKEN_URL: optional(url),
  APP_STORE_APPS: z.preprocess(
    emptyAsUndefined,
    perGameList(bundlePattern, 'Expected game=bundle.id or game=bundle.id:appAppleId', (m) => ({
      bundleId: m[2] ?? '',
      appAppleId: m[3] === undefined ? undefined : Number(m[3]),
    })).default({}),
  ),
  APP_STORE_ENVIRONMENT: optional(z.enum(['Production', 'Sandbox'])),
  APP_STORE_KEY_FILE: optional(z.string()),
  APP_STORE_KEY_ID: optional(z.string().regex(/^[A-Z0-9]{10}$/, 'Expected a 10-character key id')),
  // Apple's issuer ids look like UUIDs but are not all RFC 4122 ones (zod's uuid refuses some).
  APP_STORE_ISSUER_ID: optional(
    z.string().regex(/^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i, 'Expected the issuer id (8-4-4-4-12 hex)'),
  ),
  APP_STORE_ROOT_CERT_FILES: optional(z.string()),
  APP_STORE_API_URL: optional(url),
};

type NativeEnv = z.output<z.ZodObject<typeof NATIVE_INAPP_ENV>>;

/** A file the configuration names, or the problem of reading it. */
function readConfigFile(variable: string, path: string, problems: string[]): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    problems.push(`${variable}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return undefined;
  }
}

function serviceAccountOf(env: NativeEnv, problems: string[]) {
  const path = env.GOOGLE_PLAY_SERVICE_ACCOUNT_FILE;
  const file = path && readConfigFile('GOOGLE_PLAY_SERVICE_ACCOUNT_FILE', path, problems);
  if (!file) return undefined;
  const parsed = z
    .object({ client_email: z.email(), private_key: z.string().includes('PRIVATE KEY') })
    .safeParse(JSON.parse(file.toString('utf8') || '{}'));
  if (!parsed.success) {
    problems.push('GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: expected a service-account JSON key (client_email, private_key)');
    return undefined;
  }
  return { clientEmail: parsed.data.client_email, privateKey: parsed.data.private_key };
}

/** The configuration and every problem with it (files that do not read, keys missing for configured apps). */
export function nativeInAppSettings(env: NativeEnv, mode: Mode): { config: NativeInAppConfig; problems: string[] } {
  const problems: string[] = [];
  const environment = env.APP_STORE_ENVIRONMENT ?? (mode === 'production' ? 'Production' : 'Sandbox');
  const keyFile = env.APP_STORE_KEY_FILE && readConfigFile('APP_STORE_KEY_FILE', env.APP_STORE_KEY_FILE, problems);
  const rootCertificates = (env.APP_STORE_ROOT_CERT_FILES ?? '')
    .split(',')
    .filter((path) => path.trim() !== '')
    .flatMap((path) => readConfigFile('APP_STORE_ROOT_CERT_FILES', path.trim(), problems) ?? []);
  const config: NativeInAppConfig = {
    googlePlay: {
      packages: env.GOOGLE_PLAY_PACKAGES,
      serviceAccount: serviceAccountOf(env, problems),
      apiUrl: env.GOOGLE_PLAY_API_URL ? `${env.GOOGLE_PLAY_API_URL}/` : GOOGLE_PLAY_API_ROOT,
      tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL ?? GOOGLE_TOKEN_URL,
      dev: mode === 'development' && Object.keys(env.GOOGLE_PLAY_PACKAGES).length === 0,
    },
    appStore: {
      apps: env.APP_STORE_APPS,
      environment,
      apiKey:
        keyFile && env.APP_STORE_KEY_ID && env.APP_STORE_ISSUER_ID
          ? { keyId: env.APP_STORE_KEY_ID, issuerId: env.APP_STORE_ISSUER_ID, privateKey: keyFile.toString('utf8') }
          : undefined,
      rootCertificates,
      apiUrl: env.APP_STORE_API_URL ?? APP_STORE_HOSTS[environment],
      dev: mode === 'development' && Object.keys(env.APP_STORE_APPS).length === 0,
    },
  };
  if (Object.keys(config.googlePlay.packages).length > 0 && !config.googlePlay.serviceAccount) {
    problems.push('GOOGLE_PLAY_SERVICE_ACCOUNT_FILE: required when GOOGLE_PLAY_PACKAGES names a game');
  }
  if (Object.keys(config.appStore.apps).length > 0) {
    if (!config.appStore.apiKey) {
      problems.push(
        'APP_STORE_KEY_FILE, APP_STORE_KEY_ID, APP_STORE_ISSUER_ID: required when APP_STORE_APPS names a game',
      );
    }
    if (rootCertificates.length === 0) {
      problems.push('APP_STORE_ROOT_CERT_FILES: required when APP_STORE_APPS names a game (Apple Root CA - G3, DER)');
    }
    if (environment === 'Production') {
      for (const [game, app] of Object.entries(config.appStore.apps)) {
        if (app.appAppleId === undefined) problems.push(`APP_STORE_APPS: ${game} needs its appAppleId in production`);
      }
    }
  }
  return { config, problems };
}
