import { z } from 'zod';
import { appSecretList, type PlatformApp } from '../../config/app-secret-list.js';
import { emptyAsUndefined, type Mode, optional } from '../../config/env-helpers.js';
import { sealingKey } from '../../lib/sealed-text.js';

/**
 * The player's connected services (spec §3, the per-game streaming-service block): each game's
 * Twitch application (`TWITCH_APPS=game=clientId:clientSecret,…`), where Twitch's id server is,
 * and the key their tokens are sealed with in the database.
 */
export interface DataConnectionsConfig {
  twitch: {
    /** Per game system name; the first secret is used. */
    apps: Record<string, PlatformApp>;
    /** Twitch's id server: `/oauth2/authorize`, `/oauth2/token` and `/oauth2/validate` are under it. */
    idUrl: string;
    /** Whether the offline stand-in of Twitch's id server is served at /dev/twitch (development only). */
    devStandIn?: boolean | undefined;
  };
  /** AES-256-GCM key of the stored tokens (lib/sealed-text.ts). */
  sealingKey: Buffer;
}

export const TWITCH_ID_URL = 'https://id.twitch.tv';
/** Where the stand-in answers, under PUBLIC_URL (development without TWITCH_ID_URL). */
export const DEV_TWITCH_PATH = '/dev/twitch';
/** The client secret of a game without a TWITCH_APPS entry, known only to the stand-in (development). */
export const DEV_TWITCH_CLIENT_SECRET = 'dev-twitch-client-secret-not-for-production';

/** A game's Twitch application: its TWITCH_APPS entry, else with the stand-in one named after the game. */
export function twitchAppOf(config: DataConnectionsConfig, game: string): PlatformApp | undefined {
  const { apps, devStandIn } = config.twitch;
  return apps[game] ?? (devStandIn ? { appId: game, secrets: [DEV_TWITCH_CLIENT_SECRET] } : undefined);
}
/** The portal page registered as the Twitch application's OAuth redirect URL (under the router base). */
export const TWITCH_REDIRECT_PAGE = 'TwitchConnect';
/** Development's key of the sealed tokens (documented in README); production must set its own. */
export const DEV_DATA_ENCRYPTION_KEY = 'dev-data-encryption-key-not-for-production';

const twitchAppList = appSecretList(
  '[a-z0-9]{1,64}',
  'Expected game=clientId:clientSecret (alphanumeric client id, 16+ character secret)',
  'Twitch applications',
);

export const DATA_CONNECTIONS_ENV = {
  TWITCH_APPS: z.preprocess(emptyAsUndefined, twitchAppList.default({})),
  TWITCH_ID_URL: optional(z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/$/, ''))),
  DATA_ENCRYPTION_KEY: optional(z.string().min(32, 'Expected 32+ characters')),
};

type ConnectionsEnv = {
  TWITCH_APPS: Record<string, PlatformApp>;
  TWITCH_ID_URL?: string | undefined;
  DATA_ENCRYPTION_KEY?: string | undefined;
};

export function dataConnectionsConfig(env: ConnectionsEnv, mode: Mode, publicUrl: string): DataConnectionsConfig {
  const devStandIn = mode === 'development' && !env.TWITCH_ID_URL;
  return {
    twitch: devStandIn
      ? { apps: env.TWITCH_APPS, idUrl: `${publicUrl}${DEV_TWITCH_PATH}`, devStandIn }
      : { apps: env.TWITCH_APPS, idUrl: env.TWITCH_ID_URL ?? TWITCH_ID_URL },
    sealingKey: sealingKey(env.DATA_ENCRYPTION_KEY ?? (mode === 'development' ? DEV_DATA_ENCRYPTION_KEY : '')),
  };
}

/** Production: tokens are never sealed with a known key, nor fetched over plain http. */
export function dataConnectionsProblems(env: ConnectionsEnv, mode: Mode): string[] {
  if (mode !== 'production') return [];
  const problems: string[] = [];
  if (Object.keys(env.TWITCH_APPS).length > 0 && !env.DATA_ENCRYPTION_KEY) {
    problems.push('DATA_ENCRYPTION_KEY: required in production when TWITCH_APPS is set');
  }
  if (env.DATA_ENCRYPTION_KEY === DEV_DATA_ENCRYPTION_KEY) {
    problems.push('DATA_ENCRYPTION_KEY: the development key cannot be used in production');
  }
  if (env.TWITCH_ID_URL && !env.TWITCH_ID_URL.startsWith('https://')) {
    problems.push('TWITCH_ID_URL: must be https:// in production');
  }
  return problems;
}
