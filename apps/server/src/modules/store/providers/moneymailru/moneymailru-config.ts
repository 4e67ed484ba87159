import { z } from 'zod';
import { emptyAsUndefined, type Mode, optional, secretList } from '../../../../config/env-helpers.js';
import type { Selection } from '../provider-descriptor.js';
import { MONEYMAILRU_HOSTS } from './moneymailru-api.js';

export interface MoneyMailRuConfig {
  /** The shop's id at Money.Mail.Ru (the light form's `shop_id`). */
  shopId: string;
  /** The shop's secret keys: the first signs payment forms; notifications may be signed with any (rotation). */
  secretKeys: string[];
  /** The merchant API key `invoice.item` is asked with, to read what an invoice charged. */
  apiKey: string;
  /**
   * Where the payment window and the merchant API are: Money.Mail.Ru's hosts, one fake's origin for
   * both (tests, development with MONEYMAILRU_BASE_URL), or null in development without keys: the
   * fake this server serves at /dev/moneymailru.
   */
  hosts: { pay: string; api: string } | null;
}

/** The keys of the development fake (never accepted in production, where the variables are required). */
export const DEV_MONEYMAILRU_KEYS = {
  shopId: '100500',
  secretKey: 'dev-moneymailru-secret-not-for-production',
  apiKey: 'dev-moneymailru-api-key-not-for-production',
} as const;

/** Money.Mail.Ru's environment variables, merged into the server's EnvSchema. */
export const MONEYMAILRU_ENV = {
  MONEYMAILRU_SHOP_ID: optional(z.string().regex(/^\d{1,20}$/, 'Expected the numeric shop id')),
  MONEYMAILRU_SECRET_KEYS: z.preprocess(emptyAsUndefined, secretList.optional()),
  MONEYMAILRU_API_KEY: optional(z.string().min(16, 'Expected the merchant API key')),
  MONEYMAILRU_BASE_URL: optional(z.url({ protocol: /^https?$/ })),
};
type MoneyMailRuEnv = z.output<z.ZodObject<typeof MONEYMAILRU_ENV>>;

const KEYS = ['MONEYMAILRU_SHOP_ID', 'MONEYMAILRU_SECRET_KEYS', 'MONEYMAILRU_API_KEY'] as const;

/** Development with moneymailru listed and no keys at all: the offline fake. */
const usesDevFake = (env: MoneyMailRuEnv, mode: Mode, listed: boolean) =>
  mode === 'development' && listed && KEYS.every((name) => !env[name]) && !env.MONEYMAILRU_BASE_URL;

export function moneyMailRuProblems(env: MoneyMailRuEnv, mode: Mode, { listed }: Selection): string[] {
  if (usesDevFake(env, mode, listed)) return [];
  const problems: string[] = [];
  const missing = KEYS.filter((name) => !env[name]);
  // Half a setup sends players to forms it cannot verify the payment of, or reads invoices it cannot sign.
  if (missing.length < KEYS.length || listed || env.MONEYMAILRU_BASE_URL) {
    for (const name of missing)
      problems.push(`${name}: required with any Money.Mail.Ru setting or when PAYMENT_PROVIDER names moneymailru`);
  }
  if (mode === 'production' && env.MONEYMAILRU_BASE_URL)
    problems.push('MONEYMAILRU_BASE_URL: for tests and development only; production talks to money.mail.ru');
  return problems;
}

/** Money.Mail.Ru's settings when all three keys are present, listed or not (late notifications need them). */
export function moneyMailRuConfig(
  env: MoneyMailRuEnv,
  mode: Mode,
  { listed }: Selection,
): MoneyMailRuConfig | undefined {
  if (usesDevFake(env, mode, listed)) {
    return {
      shopId: DEV_MONEYMAILRU_KEYS.shopId,
      secretKeys: [DEV_MONEYMAILRU_KEYS.secretKey],
      apiKey: DEV_MONEYMAILRU_KEYS.apiKey,
      hosts: null,
    };
  }
  if (!env.MONEYMAILRU_SHOP_ID || !env.MONEYMAILRU_SECRET_KEYS || !env.MONEYMAILRU_API_KEY) return undefined;
  const base = env.MONEYMAILRU_BASE_URL?.replace(/\/$/, '');
  return {
    shopId: env.MONEYMAILRU_SHOP_ID,
    secretKeys: env.MONEYMAILRU_SECRET_KEYS,
    apiKey: env.MONEYMAILRU_API_KEY,
    hosts: base ? { pay: base, api: base } : { ...MONEYMAILRU_HOSTS },
  };
}
