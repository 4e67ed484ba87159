import { z } from 'zod';
import { emptyAsUndefined } from '../../../config/env-helpers.js';

/**
 * Kongregate's part of the server configuration: each game's Kongregate API key (server
 * only; it authenticates players and reads and uses their items) and where Kongregate's
 * server API and its JS API loader are (platform-protocols.md §3).
 */
export interface KongregateConfig {
  /** API key per game system name: `KONGREGATE_API_KEYS=game=key,…`. */
  apiKeys: Record<string, string>;
  /** Development only: a game on `kg` without an entry above has the key `${devApiKeyPrefix}${game}`. */
  devApiKeyPrefix: string | undefined;
  /** Base of Kongregate's server API (`/api/authenticate.json`, `/api/user_items.json`, `/api/use_item.json`). */
  apiUrl: string;
  /** Where the portal loads kongregate_api.js from (page config). */
  scriptUrl: string;
}

export const KONGREGATE_API_URL = 'https://api.kongregate.com';
export const KONGREGATE_SCRIPT_URL = 'https://cdn1.kongregate.com/javascripts/kongregate_api.js';
/** The host simulator's fakes (development), on this server. */
export const DEV_KONGREGATE_API_PATH = '/dev/hosts/kg';
export const DEV_KONGREGATE_SCRIPT_URL = 'dev/hosts/kg/kongregate_api.js';
export const DEV_KONGREGATE_API_KEY_PREFIX = 'dev-kongregate-api-key-not-for-production:';

const pairPattern = /^\s*([a-z0-9][a-z0-9-]{0,62})=([A-Za-z0-9_-]{8,128})\s*$/;

const apiKeyList = z
  .string()
  .transform((text) => text.split(',').filter((item) => item.trim() !== ''))
  .pipe(z.array(z.string().regex(pairPattern, 'Expected game=apiKey (8+ characters)')))
  .transform((pairs) =>
    Object.fromEntries(pairs.map((pair) => (pairPattern.exec(pair) ?? []).slice(1, 3) as [string, string])),
  );

export const KONGREGATE_ENV = {
  KONGREGATE_API_KEYS: z.preprocess(emptyAsUndefined, apiKeyList.default({})),
  KONGREGATE_API_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  KONGREGATE_SCRIPT_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(
        /^(https:\/\/[\w.-]+(:\d+)?\/|\/(?!\/)|[a-z0-9])[\w./-]*$/i,
        'Expected https://…/kongregate_api.js or a path on this origin',
      )
      .optional(),
  ),
};

type KongregateEnv = {
  KONGREGATE_API_KEYS: Record<string, string>;
  KONGREGATE_API_URL?: string | undefined;
  KONGREGATE_SCRIPT_URL?: string | undefined;
};

export function kongregateConfig(
  env: KongregateEnv,
  mode: 'development' | 'production',
  publicUrl: string,
): KongregateConfig {
  const dev = mode === 'development';
  return {
    apiKeys: env.KONGREGATE_API_KEYS,
    devApiKeyPrefix: dev ? DEV_KONGREGATE_API_KEY_PREFIX : undefined,
    apiUrl: (env.KONGREGATE_API_URL ?? (dev ? `${publicUrl}${DEV_KONGREGATE_API_PATH}` : KONGREGATE_API_URL)).replace(
      /\/$/,
      '',
    ),
    scriptUrl: env.KONGREGATE_SCRIPT_URL ?? (dev ? DEV_KONGREGATE_SCRIPT_URL : KONGREGATE_SCRIPT_URL),
  };
}

/** Production talks to Kongregate only over https: the API key travels in every request. */
export function kongregateProblems(env: KongregateEnv, mode: 'development' | 'production'): string[] {
  const url = env.KONGREGATE_API_URL;
  return mode === 'production' && url && !url.startsWith('https://')
    ? ['KONGREGATE_API_URL: must be an https URL in production']
    : [];
}
