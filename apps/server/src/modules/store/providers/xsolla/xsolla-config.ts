import { z } from 'zod';
import { emptyAsUndefined, type Mode, optional, secretList } from '../../../../config/env-helpers.js';
import type { Selection } from '../provider-descriptor.js';

export interface XsollaConfig {
  merchantId: number;
  projectId: number;
  apiKey: string;
  /** The project's secret keys (the first current, the rest while one rotates): webhooks are signed with one. */
  webhookSecrets: string[];
  /** Tokens open the sandbox Pay Station and payments are test payments (refused in production). */
  sandbox: boolean;
  /**
   * Another API origin than api.xsolla.com (tests point the provider at a fake on loopback); null
   * in development without keys: the fake Xsolla this server serves at /dev/xsolla (merchant API
   * and a Pay Station page), so a developer pays offline.
   */
  apiBase: string | null;
}

/** The development fake's account (never accepted in production, where the variables are required). */
export const DEV_XSOLLA_KEYS = {
  merchantId: 900001,
  projectId: 900002,
  apiKey: 'dev-xsolla-api-key-not-for-production',
  webhookSecrets: ['dev-xsolla-project-secret-not-for-production'],
} as const;

export const XSOLLA_API_BASE = 'https://api.xsolla.com';

/** Xsolla's environment variables, merged into the server's EnvSchema. */
export const XSOLLA_ENV = {
  XSOLLA_MERCHANT_ID: optional(z.string().regex(/^\d{1,12}$/, 'Expected the numeric merchant id')),
  XSOLLA_PROJECT_ID: optional(z.string().regex(/^\d{1,12}$/, 'Expected the numeric project id')),
  XSOLLA_API_KEY: optional(z.string().min(16, 'Expected the API key of the merchant account')),
  XSOLLA_WEBHOOK_SECRETS: z.preprocess(emptyAsUndefined, secretList.optional()),
  XSOLLA_SANDBOX: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()),
  XSOLLA_API_BASE: optional(z.url({ protocol: /^https?$/ })),
};

type XsollaEnv = z.output<z.ZodObject<typeof XSOLLA_ENV>>;

const KEYS = ['XSOLLA_MERCHANT_ID', 'XSOLLA_PROJECT_ID', 'XSOLLA_API_KEY', 'XSOLLA_WEBHOOK_SECRETS'] as const;

/** Development with xsolla listed and no keys at all: the offline fake. */
const usesDevFake = (env: XsollaEnv, mode: Mode, listed: boolean) =>
  mode === 'development' && listed && KEYS.every((name) => !env[name]) && !env.XSOLLA_API_BASE;

export function xsollaProblems(env: XsollaEnv, mode: Mode, { listed }: Selection): string[] {
  if (usesDevFake(env, mode, listed)) return [];
  const problems: string[] = [];
  const missing = KEYS.filter((name) => !env[name]);
  // Half an Xsolla setup opens tokens whose payments it cannot verify, or verifies payments it cannot refund.
  if (missing.length < KEYS.length || listed) {
    for (const name of missing)
      problems.push(`${name}: required with any Xsolla setting or when PAYMENT_PROVIDER names xsolla`);
  }
  if (mode === 'production') {
    if (env.XSOLLA_SANDBOX === 'true') problems.push('XSOLLA_SANDBOX: test payments are refused in production');
    if (env.XSOLLA_API_BASE) problems.push('XSOLLA_API_BASE: for tests only; production talks to api.xsolla.com');
  }
  return problems;
}

/**
 * Xsolla's settings when every key is present, whether or not PAYMENT_PROVIDER names it:
 * late notifications and refunds of its past orders still need it. Development defaults
 * to the sandbox; production to real payments. In development, listed without keys: the
 * offline fake's.
 */
export function xsollaConfig(env: XsollaEnv, mode: Mode, { listed }: Selection): XsollaConfig | undefined {
  if (usesDevFake(env, mode, listed)) {
    return { ...DEV_XSOLLA_KEYS, webhookSecrets: [...DEV_XSOLLA_KEYS.webhookSecrets], sandbox: true, apiBase: null };
  }
  if (!env.XSOLLA_MERCHANT_ID || !env.XSOLLA_PROJECT_ID || !env.XSOLLA_API_KEY || !env.XSOLLA_WEBHOOK_SECRETS) {
    return undefined;
  }
  return {
    merchantId: Number(env.XSOLLA_MERCHANT_ID),
    projectId: Number(env.XSOLLA_PROJECT_ID),
    apiKey: env.XSOLLA_API_KEY,
    webhookSecrets: env.XSOLLA_WEBHOOK_SECRETS,
    sandbox: (env.XSOLLA_SANDBOX ?? (mode === 'development' ? 'true' : 'false')) === 'true',
    apiBase: (env.XSOLLA_API_BASE ?? XSOLLA_API_BASE).replace(/\/$/, ''),
  };
}
