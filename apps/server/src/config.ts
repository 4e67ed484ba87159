import { ADAPTER_NAMES, GameSystemNameSchema, PORTAL_LOCALES } from '@fxid/contract';
import { z } from 'zod';
import { emptyAsUndefined, optional } from './config/env-helpers.js';
import { DEFAULT_FRAME_ANCESTORS } from './config/frame-ancestors.js';
import {
  FIREBASE_ENV,
  type FirebaseConfig,
  firebaseConfig,
  firebaseProblems,
} from './modules/auth/firebase/firebase-config.js';
import {
  MYGAMES_ENV,
  type MyGamesConfig,
  myGamesConfig,
  myGamesProblems,
} from './modules/auth/mygames/mygames-config.js';
import { VKID_ENV, type VkIdConfig, vkIdConfig, vkIdProblems } from './modules/auth/vkid/vkid-config.js';
import {
  DATA_CONNECTIONS_ENV,
  type DataConnectionsConfig,
  dataConnectionsConfig,
  dataConnectionsProblems,
} from './modules/data-connections/connections-config.js';
import { tunnelTarget } from './modules/error-tunnel/sentry-envelope.js';
import { NATIVE_INAPP_ENV, type NativeInAppConfig, nativeInAppSettings } from './modules/native-inapp/native-config.js';
import {
  PLATFORM_ENV,
  type PlatformsConfig,
  platformProblems,
  platformsConfig,
} from './modules/platforms/platform-configs.js';
import { VAPID_ENV, type VapidConfig, vapidConfig, vapidProblems } from './modules/push/push-config.js';
import {
  PAYMENT_ENV,
  type PaymentsConfig,
  paymentProblems,
  paymentsConfig,
} from './modules/store/providers/provider-configs.js';

export type { VapidConfig } from './modules/push/push-config.js';

/** Typed server configuration; the only place that knows about environment variables. */
export interface Config {
  mode: 'development' | 'production';
  host: string;
  port: number;
  /** Public origin of the portal; links in mail and redirects are built from it, never from Host. */
  publicUrl: string;
  databaseUrl: string;
  /**
   * SQLite durability in WAL mode (SQLITE_SYNCHRONOUS). `full` (default): a commit is on disk
   * before the statement or transaction returns, and before any other request can read it
   * (group commit: one fsync of the WAL, off the event loop, covers the commits made meanwhile;
   * see db/group-commit.ts). `normal`: no fsync per commit, never a corrupt file, but the last
   * commits may be lost if the machine (not the process) dies.
   */
  sqliteSynchronous: 'full' | 'normal';
  logLevel: string;
  /** `pretty`: one readable line per request and event (development default); `json`: one JSON object per line. */
  logFormat: 'pretty' | 'json';
  bodyLimitBytes: number;
  /** Time a client has to send a whole request (headers within a third of it); then 408. */
  requestTimeoutMs: number;
  /** Open connections one client address may hold; 0 turns the cap off. */
  maxConnectionsPerIp: number;
  /** Catalog loaded into an empty database at start; none in production unless set. */
  catalogFile: string | undefined;
  /** Built portal to serve; the API runs alone when the folder is missing. */
  webDistDir: string;
  /** Built demo game served at /demo-game/; none in production unless set. */
  demoGameDir: string | undefined;
  /** Where the launcher's artifact files are (the catalog's Launcher `File` paths are relative to it). */
  launcherArtifactsDir: string;
  /** The SDK's build; its one-file (UMD) script is served at /sdk/fxid-sdk.js for games' script tags. */
  sdkDistDir: string;
  trustProxy: boolean;
  /** Origins allowed to embed the portal in a frame (CSP frame-ancestors). */
  frameAncestors: string[];
  /** Client IPs exempt from rate limits (internal checkers, load tests). */
  rateLimitAllowlist: string[];
  /** Origins besides PUBLIC_URL's that sign-in redirects may lead to. */
  redirectAllowlist: string[];
  /** Cloudflare Turnstile; without a secret the dev robot check runs (development only). */
  turnstile: { secret: string | undefined; verifyUrl: string; siteKey?: string | undefined };
  /**
   * Secrets a game server signs GameUid proofs with, per game (several during rotation);
   * development falls back to a fixed dev secret for games without one.
   */
  gameSecrets: { byGame: Record<string, string[]>; devFallback: string | undefined };
  /** SMTP when set; otherwise mail goes to the dev mailbox (development only). */
  mail: { smtpUrl: string | undefined; from: string };
  /** How often the outbox worker looks for due work; 0 stops it (tests drive it by hand). */
  outboxIntervalMs: number;
  /** How long a claimed outbox job is left to its worker before another may retry it (a crashed worker's job). */
  outboxLeaseMs: number;
  /** Outbox jobs run at once: in all, and toward one destination (a game server, the mail relay). */
  outboxLimits: { concurrency: number; perDestination: number };
  /**
   * Redis shared by every instance (rate-limit counters, cache invalidation); none: one
   * process keeps both in memory. Several instances need it (README, "Topologies").
   */
  redis: { url: string; keyPrefix: string } | undefined;
  /**
   * Prometheus metrics: on a port of their own (not the public one), or at /metrics on the
   * public port for a bearer token; neither: not served.
   */
  metrics: { port: number | undefined; token: string | undefined };
  /** How long SIGTERM waits for requests in flight and outbox jobs in hand before exiting anyway. */
  shutdownGraceMs: number;
  store: PaymentsConfig & {
    /** Per game, the game server's URL that paid orders are delivered to; games without one complete at once. */
    gameWebhooks: Record<string, string>;
  };
  /** Where support messages go when their game names no address of its own; none: support mail is off. */
  supportEmail?: string | undefined;
  /** Web Push (VAPID) keys; generated per start in development when unset, absent (push off) in production. */
  vapid?: VapidConfig | undefined;
  /** The error-reporting tunnel at /api/s_tunnel (security.md §11); no DSNs: it answers 500. */
  errorTunnel: {
    /** Public browser DSNs envelopes may name, compared as exact strings. */
    dsns: string[];
    /** Largest envelope accepted; larger ones get 413. */
    maxBytes: number;
  };
  portal: {
    routerBasePath: string;
    routerType: 'browser' | 'hash';
    apiBasePath: string;
    fixedGame: string | undefined;
    forcedAdapter: string | undefined;
    locales: string[];
    defaultLocale: string;
  };
  /** Host platforms' server-side settings (app ids and secrets per game), one entry per platform. */
  platforms: PlatformsConfig;
  /** Native in-app purchases: Google Play packages and App Store apps per game, their keys and roots. */
  nativeInApp: NativeInAppConfig;
  /** Sign-in with Google, Apple and Facebook through Firebase Auth: whose keys ID tokens are checked with. */
  firebase: FirebaseConfig;
  /** Sign-in with VK ID (OAuth 2.1 + PKCE): where VK ID's endpoints are. */
  vkid: VkIdConfig;
  /** Connected services (Twitch per game) and the key their tokens are sealed with. */
  dataConnections: DataConnectionsConfig;
  /** MY.GAMES ID OAuth clients per game and where MY.GAMES's OAuth server is. */
  myGames: MyGamesConfig;
}

/** `game=secret,game=secret2,…`; a game may repeat while its secret rotates. */
const gameSecretList = z
  .string()
  .transform((text) => text.split(',').filter((item) => item.trim() !== ''))
  .pipe(z.array(z.string().regex(/^\s*[a-z0-9][a-z0-9-]{0,62}=\S{16,}\s*$/, 'Expected game=secret (16+ characters)')))
  .transform((pairs) => {
    const byGame: Record<string, string[]> = {};
    for (const pair of pairs) {
      const [game = '', secret = ''] = pair.trim().split(/=(.*)/s);
      byGame[game] = [...(byGame[game] ?? []), secret];
    }
    return byGame;
  });

/** `game=https://…,game=https://…`: one fulfilment webhook per game. */
const gameWebhookList = z
  .string()
  .transform((text) => text.split(',').filter((item) => item.trim() !== ''))
  .pipe(z.array(z.string().regex(/^\s*[a-z0-9][a-z0-9-]{0,62}=https?:\/\/\S+\s*$/, 'Expected game=http(s)://…')))
  .transform((pairs) => {
    const byGame: Record<string, string> = {};
    for (const pair of pairs) {
      const [game = '', url = ''] = pair.trim().split(/=(.*)/s);
      byGame[game] = url;
    }
    return byGame;
  });

const localeList = z
  .string()
  .transform((text) => text.split(',').map((item) => item.trim().toLowerCase()))
  .pipe(z.array(z.enum(PORTAL_LOCALES)).min(1));

/**
 * Environment variables with their defaults. Defaults that depend on the mode
 * are filled in by `loadConfig`.
 */
const EnvSchema = z.object({
  NODE_ENV: optional(z.string()),
  HOST: optional(z.string()),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'Expected postgres://… or sqlite:PATH')
      .default('sqlite:./data/fxid.sqlite'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  LOG_FORMAT: optional(z.enum(['pretty', 'json'])),
  BODY_LIMIT_BYTES: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1024).default(1_048_576)),
  REQUEST_TIMEOUT_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(30_000)),
  MAX_CONNECTIONS_PER_IP: optional(z.coerce.number().int().min(0).max(100_000)),
  CATALOG_FILE: optional(z.string()),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().default('apps/web/dist')),
  DEMO_GAME_DIR: optional(z.string()),
  LAUNCHER_ARTIFACTS_DIR: optional(z.string()),
  SDK_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().default('packages/sdk/dist')),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  FRAME_ANCESTORS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(DEFAULT_FRAME_ANCESTORS)
      .transform((text) => text.split(/\s+/).filter(Boolean)),
  ),
  REDIRECT_ALLOWLIST: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('')
      .transform((text) => text.split(/[\s,]+/).filter(Boolean))
      .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin))),
  ),
  RATE_LIMIT_ALLOWLIST: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('')
      .transform((text) => text.split(/[\s,]+/).filter(Boolean))
      .pipe(z.array(z.union([z.ipv4(), z.ipv6()]))),
  ),
  TURNSTILE_SECRET: optional(z.string()),
  TURNSTILE_SITE_KEY: optional(z.string().regex(/^[\w-]{1,100}$/, 'Expected a Turnstile site key')),
  GAME_SECRETS: z.preprocess(emptyAsUndefined, gameSecretList.default({})),
  TURNSTILE_VERIFY_URL: z.preprocess(
    emptyAsUndefined,
    z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  ),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('fxid <no-reply@localhost>')),
  GAME_WEBHOOKS: z.preprocess(emptyAsUndefined, gameWebhookList.default({})),
  SQLITE_SYNCHRONOUS: z.preprocess(emptyAsUndefined, z.enum(['full', 'normal']).default('full')),
  OUTBOX_INTERVAL_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).default(1000)),
  OUTBOX_LEASE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1000).default(120_000)),
  OUTBOX_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(32)),
  OUTBOX_DESTINATION_CONCURRENCY: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(1000).default(4)),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })),
  REDIS_KEY_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w:.-]+$/)
      .default('fxid:'),
  ),
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_TOKEN: optional(z.string().min(16, 'Expected at least 16 characters')),
  SHUTDOWN_GRACE_MS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(100).max(600_000).default(10_000)),
  SUPPORT_EMAIL: optional(z.email()),
  ERROR_TUNNEL_DSNS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('')
      .transform((text) => text.split(/[\s,]+/).filter(Boolean))
      .pipe(
        z.array(
          z.string().refine((dsn) => tunnelTarget(dsn) !== undefined, 'Expected https://<key>@<host>/<project id>'),
        ),
      ),
  ),
  ERROR_TUNNEL_MAX_BYTES: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(1024).max(20_971_520).default(1_048_576),
  ),
  ROUTER_BASE_PATH: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\/([\w.-]+\/)*$/, 'Expected a path that starts and ends with /')
      .default('/'),
  ),
  ROUTER_TYPE: z.preprocess(emptyAsUndefined, z.enum(['browser', 'hash']).default('browser')),
  API_BASE_PATH: z.preprocess(emptyAsUndefined, z.string().default('')),
  FIXED_GAME: optional(GameSystemNameSchema),
  FORCED_ADAPTER: optional(z.enum(ADAPTER_NAMES)),
  LOCALES: z.preprocess(emptyAsUndefined, localeList.default([...PORTAL_LOCALES])),
  DEFAULT_LOCALE: z.preprocess(emptyAsUndefined, z.enum(PORTAL_LOCALES).default('en')),
  ...PAYMENT_ENV,
  ...VAPID_ENV,
  ...PLATFORM_ENV,
  ...NATIVE_INAPP_ENV,
  ...FIREBASE_ENV,
  ...VKID_ENV,
  ...DATA_CONNECTIONS_ENV,
  ...MYGAMES_ENV,
});

/** Enough for a browser's parallel connections across many tabs, far from what a flood needs. */
const DEFAULT_MAX_CONNECTIONS_PER_IP = 128;

/** The GameUid-proof secret of every game without its own, in development only (documented in README). */
export const DEV_GAME_SECRET = 'dev-game-secret-not-for-production';

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Turns an environment into a Config, or lists every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): ConfigResult {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    };
  }
  const e = parsed.data;
  const mode = e.NODE_ENV === 'production' ? 'production' : 'development';
  const problems: string[] = [];
  if (mode === 'production' && !e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production');
  if (!e.LOCALES.includes(e.DEFAULT_LOCALE)) problems.push('DEFAULT_LOCALE: must be one of LOCALES');
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    problems.push('METRICS_PORT: must differ from PORT (set METRICS_TOKEN to serve /metrics on the public port)');
  }
  if (mode === 'production') {
    // Sign-in links are built from it: over http a mailed token would cross the network in clear (security.md §9a).
    if (e.PUBLIC_URL && new URL(e.PUBLIC_URL).protocol !== 'https:') {
      problems.push('PUBLIC_URL: must be an https:// URL in production (sign-in links are built from it)');
    }
    // The dev robot check and the dev mailbox exist for local use only.
    if (!e.TURNSTILE_SECRET) problems.push('TURNSTILE_SECRET: required in production');
    else if (/^[123]x0{20,}/.test(e.TURNSTILE_SECRET)) {
      problems.push('TURNSTILE_SECRET: a Turnstile test secret cannot be used in production');
    }
    if (!e.SMTP_URL) problems.push('SMTP_URL: required in production');
    problems.push(...paymentProblems(e, mode, env));
    for (const game of Object.keys(e.GAME_WEBHOOKS)) {
      if (!e.GAME_SECRETS[game]) problems.push(`GAME_WEBHOOKS: ${game} needs a secret in GAME_SECRETS to sign with`);
    }
  }
  // Production's provider checks ran above, in the order operators read them; development's run here.
  if (mode === 'development') problems.push(...paymentProblems(e, mode, env));
  problems.push(...vapidProblems(e));
  problems.push(...platformProblems(e, mode));
  problems.push(...firebaseProblems(e, mode));
  const nativeInApp = nativeInAppSettings(e, mode);
  problems.push(...nativeInApp.problems);
  problems.push(...vkIdProblems(e, mode));
  problems.push(...dataConnectionsProblems(e, mode));
  problems.push(...myGamesProblems(e, mode));
  if (problems.length > 0) return { ok: false, problems };
  const supportEmail = e.SUPPORT_EMAIL ?? (mode === 'development' ? 'support@localhost' : undefined);

  return {
    ok: true,
    config: {
      mode,
      host: e.HOST ?? (mode === 'production' ? '0.0.0.0' : '127.0.0.1'),
      port: e.PORT,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
      databaseUrl: e.DATABASE_URL,
      sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
      logLevel: e.LOG_LEVEL,
      logFormat: e.LOG_FORMAT ?? (mode === 'production' ? 'json' : 'pretty'),
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      // Behind a proxy every connection comes from the proxy: the cap belongs there.
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP ?? (e.TRUST_PROXY === 'true' ? 0 : DEFAULT_MAX_CONNECTIONS_PER_IP),
      catalogFile: e.CATALOG_FILE ?? (mode === 'development' ? 'catalog/demo.yaml' : undefined),
      webDistDir: e.WEB_DIST_DIR,
      demoGameDir: e.DEMO_GAME_DIR ?? (mode === 'development' ? 'examples/demo-game/dist' : undefined),
      sdkDistDir: e.SDK_DIST_DIR,
      launcherArtifactsDir:
        e.LAUNCHER_ARTIFACTS_DIR ?? (mode === 'development' ? 'catalog/launcher-artifacts' : 'data/launcher-artifacts'),
      trustProxy: e.TRUST_PROXY === 'true',
      frameAncestors: e.FRAME_ANCESTORS,
      redirectAllowlist: e.REDIRECT_ALLOWLIST,
      rateLimitAllowlist: e.RATE_LIMIT_ALLOWLIST,
      turnstile: { secret: e.TURNSTILE_SECRET, verifyUrl: e.TURNSTILE_VERIFY_URL, siteKey: e.TURNSTILE_SITE_KEY },
      gameSecrets: { byGame: e.GAME_SECRETS, devFallback: mode === 'development' ? DEV_GAME_SECRET : undefined },
      mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
      outboxIntervalMs: e.OUTBOX_INTERVAL_MS,
      outboxLeaseMs: e.OUTBOX_LEASE_MS,
      outboxLimits: { concurrency: e.OUTBOX_CONCURRENCY, perDestination: e.OUTBOX_DESTINATION_CONCURRENCY },
      redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
      metrics: { port: e.METRICS_PORT, token: e.METRICS_TOKEN },
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
      store: { ...paymentsConfig(e, mode, env), gameWebhooks: e.GAME_WEBHOOKS },
      supportEmail,
      vapid: vapidConfig(e, mode),
      errorTunnel: { dsns: e.ERROR_TUNNEL_DSNS, maxBytes: e.ERROR_TUNNEL_MAX_BYTES },
      portal: {
        routerBasePath: e.ROUTER_BASE_PATH,
        routerType: e.ROUTER_TYPE,
        apiBasePath: e.API_BASE_PATH,
        fixedGame: e.FIXED_GAME,
        forcedAdapter: e.FORCED_ADAPTER,
        locales: e.LOCALES,
        defaultLocale: e.DEFAULT_LOCALE,
      },
      platforms: platformsConfig(e, mode, (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')),
      nativeInApp: nativeInApp.config,
      firebase: firebaseConfig(e, mode),
      vkid: vkIdConfig(e, mode, (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')),
      dataConnections: dataConnectionsConfig(
        e,
        mode,
        (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
      ),
      myGames: myGamesConfig(e, mode, (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')),
    },
  };
}

/** A development configuration for tests and tools, with overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const result = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOG_FORMAT: 'json',
    DATABASE_URL: 'sqlite::memory:',
  });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return { ...result.config, catalogFile: undefined, demoGameDir: undefined, outboxIntervalMs: 0, ...overrides };
}
