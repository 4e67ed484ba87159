import { z } from 'zod';
import { emptyAsUndefined, type Mode, optional, secretList } from '../../../../config/env-helpers.js';
import type { Selection } from '../provider-descriptor.js';

export interface AghanimConfig {
  /** The game's S2S API key (Aghanim dashboard, Game → API keys), sent as `Authorization: Bearer`. */
  apiKey: string;
  /** The webhook's signing secrets (the first current, the rest while one rotates). */
  webhookSecrets: string[];
  /** Sandbox orders (no real money) are taken; a live setup ignores notifications marked `sandbox`. */
  sandbox: boolean;
  /**
   * Aghanim's API origin; null in development without keys: the fake Aghanim this server serves at
   * /dev/aghanim, so a developer pays offline.
   */
  apiBase: string | null;
}

export const AGHANIM_API_BASE = 'https://api.aghanim.com';

/** The keys of the development fake (never accepted in production, where the variables are required). */
export const DEV_AGHANIM_KEYS = {
  apiKey: 'dev-aghanim-s2s-key-not-for-production',
  webhookSecret: 'dev-aghanim-webhook-secret-not-for-production',
} as const;

/** Aghanim's environment variables, merged into the server's EnvSchema. */
export const AGHANIM_ENV = {
  AGHANIM_API_KEY: optional(z.string().min(16, 'Expected the S2S API key of the game')),
  AGHANIM_WEBHOOK_SECRETS: z.preprocess(emptyAsUndefined, secretList.optional()),
  AGHANIM_SANDBOX: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()),
  AGHANIM_API_BASE: optional(z.url({ protocol: /^https?$/ })),
};
type AghanimEnv = z.output<z.ZodObject<typeof AGHANIM_ENV>>;

const KEYS = ['AGHANIM_API_KEY', 'AGHANIM_WEBHOOK_SECRETS'] as const;

/** Development with aghanim listed and no keys at all: the offline fake. */
const usesDevFake = (env: AghanimEnv, mode: Mode, listed: boolean) =>
  mode === 'development' && listed && KEYS.every((name) => !env[name]);

export function aghanimProblems(env: AghanimEnv, mode: Mode, { listed }: Selection): string[] {
  if (usesDevFake(env, mode, listed)) return [];
  const problems: string[] = [];
  const missing = KEYS.filter((name) => !env[name]);
  // Half an Aghanim setup creates orders whose payments it cannot verify, or verifies payments it cannot look up.
  if (missing.length < KEYS.length || listed) {
    for (const name of missing)
      problems.push(`${name}: required with any Aghanim setting or when PAYMENT_PROVIDER names aghanim`);
  }
  if (mode === 'production') {
    if (env.AGHANIM_SANDBOX === 'true') problems.push('AGHANIM_SANDBOX: sandbox payments are refused in production');
    if (env.AGHANIM_API_BASE) problems.push('AGHANIM_API_BASE: for tests only; production talks to api.aghanim.com');
  }
  return problems;
}

/**
 * Aghanim's settings when both keys are present, listed or not (late notifications and refunds of
 * its past orders need them); in development, listed without keys, the offline fake's.
 */
export function aghanimConfig(env: AghanimEnv, mode: Mode, { listed }: Selection): AghanimConfig | undefined {
  const sandbox = (env.AGHANIM_SANDBOX ?? (mode === 'development' ? 'true' : 'false')) === 'true';
  if (usesDevFake(env, mode, listed)) {
    return {
      apiKey: DEV_AGHANIM_KEYS.apiKey,
      webhookSecrets: [DEV_AGHANIM_KEYS.webhookSecret],
      sandbox,
      apiBase: null,
    };
  }
  if (!env.AGHANIM_API_KEY || !env.AGHANIM_WEBHOOK_SECRETS) return undefined;
  return {
    apiKey: env.AGHANIM_API_KEY,
    webhookSecrets: env.AGHANIM_WEBHOOK_SECRETS,
    sandbox,
    apiBase: (env.AGHANIM_API_BASE ?? AGHANIM_API_BASE).replace(/\/$/, ''),
  };
}
