import { z } from 'zod';
import { appSecretList, type PlatformApp } from '../../../config/app-secret-list.js';
import { emptyAsUndefined } from '../../../config/env-helpers.js';

/**
 * Steam's part of the server configuration (platform-protocols.md §4): each game's Steam app id
 * and our publisher Web API key for it, `STEAM_APPS=game=appId:publisherKey,…` (server only: it
 * authenticates tickets and runs microtransactions), and where Steam's partner Web API is.
 */
export interface SteamConfig {
  /** Per game system name; the first key is used, the others are accepted while one rotates. */
  apps: Record<string, PlatformApp>;
  /**
   * Development only: the key of every game on `steam` without an STEAM_APPS entry whose catalog
   * names `PlatformData.SteamAppId`, so that the simulated Steam can serve it.
   */
  devKey: string | undefined;
  /** Base of the partner Web API (`/ISteamUserAuth/…`, `/ISteamMicroTxn/…`). */
  apiUrl: string;
  /** Microtransactions through `ISteamMicroTxnSandbox` (no money moves) instead of `ISteamMicroTxn`. */
  sandbox: boolean;
  /**
   * Where the Steam adapter loads the desktop wrapper's bridge from when the wrapper has not
   * injected it (development: the simulator's stand-in); none in production.
   */
  bridgeUrl: string | undefined;
  /**
   * Steam's OpenID 2.0 endpoint (web sign-in, SteamOpenId): where players are sent to sign in, the
   * `op_endpoint` assertions must name, and where they are checked back (`check_authentication`).
   */
  openIdUrl: string;
}

export const STEAM_API_URL = 'https://partner.steam-api.com';
/** The host simulator's fake of the Web API (development), on this server. */
export const DEV_STEAM_API_PATH = '/dev/hosts/steam/api';
export const DEV_STEAM_BRIDGE_URL = 'dev/hosts/steam/steam-bridge.js';
export const STEAM_OPENID_URL = 'https://steamcommunity.com/openid/login';
export const DEV_STEAM_OPENID_PATH = '/dev/hosts/steam/openid/login';
/** The publisher key of the demo games in development (documented in README); never valid in production. */
export const DEV_STEAM_KEY = 'dev-steam-publisher-key-not-for-production';

const steamAppList = appSecretList(
  '[1-9]\\d{0,9}',
  'Expected game=appId:publisherKey (numeric app id, 16+ character key)',
  'Steam apps',
);

export const STEAM_ENV = {
  STEAM_APPS: z.preprocess(emptyAsUndefined, steamAppList.default({})),
  STEAM_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  STEAM_MICROTXN_SANDBOX: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  STEAM_OPENID_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  STEAM_BRIDGE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(\/(?!\/)|[a-z0-9])[\w./-]*$/i, 'Expected a path on this origin')
      .optional(),
  ),
};

type SteamEnv = {
  STEAM_APPS: Record<string, PlatformApp>;
  STEAM_API_URL?: string | undefined;
  STEAM_MICROTXN_SANDBOX: 'true' | 'false';
  STEAM_BRIDGE_URL?: string | undefined;
  STEAM_OPENID_URL?: string | undefined;
};

export function steamConfig(env: SteamEnv, mode: 'development' | 'production', publicUrl: string): SteamConfig {
  const dev = mode === 'development';
  return {
    apps: env.STEAM_APPS,
    devKey: dev ? DEV_STEAM_KEY : undefined,
    apiUrl: (env.STEAM_API_URL ?? (dev ? `${publicUrl}${DEV_STEAM_API_PATH}` : STEAM_API_URL)).replace(/\/$/, ''),
    sandbox: env.STEAM_MICROTXN_SANDBOX === 'true',
    bridgeUrl: env.STEAM_BRIDGE_URL ?? (dev ? DEV_STEAM_BRIDGE_URL : undefined),
    openIdUrl: env.STEAM_OPENID_URL ?? (dev ? `${publicUrl}${DEV_STEAM_OPENID_PATH}` : STEAM_OPENID_URL),
  };
}

/** Production talks to Steam only over https: the publisher key travels in every request. */
export function steamProblems(env: SteamEnv, mode: 'development' | 'production'): string[] {
  if (mode !== 'production') return [];
  return (['STEAM_API_URL', 'STEAM_OPENID_URL'] as const).flatMap((name) => {
    const url = env[name];
    return url && !url.startsWith('https://') ? [`${name}: must be an https URL in production`] : [];
  });
}
