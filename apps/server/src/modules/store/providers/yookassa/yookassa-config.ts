import { z } from 'zod';
import { type Mode, optional } from '../../../../config/env-helpers.js';
import type { Selection } from '../provider-descriptor.js';

export interface YookassaConfig {
  shopId: string;
  secretKey: string;
  /** A test shop's key (`test_…`): its payments are not money, and production refuses it. */
  test: boolean;
  /** Where YooKassa's notifications may come from (addresses and CIDR ranges, IPv4 and IPv6). */
  notificationSources: string[];
  /**
   * Another API origin than api.yookassa.ru (tests point the provider at a fake on loopback); null
   * in development without keys: the fake YooKassa this server serves at /dev/yookassa (API v3, its
   * payment page and a stand-in of the confirmation widget), so a developer pays offline.
   */
  apiBase: string | null;
}

/** The development fake's test shop (never accepted in production, where the variables are required). */
export const DEV_YOOKASSA_SHOP = { shopId: '900003', secretKey: 'test_devYookassaShopKeyNotForProduction' } as const;

export const YOOKASSA_API_BASE = 'https://api.yookassa.ru';

/** The addresses YooKassa notifies from (security.md §8e, YooKassa's webhooks page). */
export const YOOKASSA_NOTIFICATION_SOURCES = [
  '185.71.76.0/27',
  '185.71.77.0/27',
  '77.75.153.0/25',
  '77.75.156.11',
  '77.75.156.35',
  '77.75.154.128/25',
  '2a02:5180::/32',
];

const ADDRESS_OR_RANGE = /^[0-9a-f:.]+(\/\d{1,3})?$/i;

/** YooKassa's environment variables, merged into the server's EnvSchema. */
export const YOOKASSA_ENV = {
  YOOKASSA_SHOP_ID: optional(z.string().regex(/^\d{1,12}$/, 'Expected the numeric shopId')),
  YOOKASSA_SECRET_KEY: optional(z.string().regex(/^(test|live)_[\w-]{8,}$/, 'Expected test_… or live_…')),
  YOOKASSA_NOTIFICATION_IPS: optional(
    z
      .string()
      .transform((text) => text.split(',').map((item) => item.trim()))
      .pipe(z.array(z.string().regex(ADDRESS_OR_RANGE, 'Expected addresses or CIDR ranges, comma-separated'))),
  ),
  YOOKASSA_API_BASE: optional(z.url({ protocol: /^https?$/ })),
};

type YookassaEnv = z.output<z.ZodObject<typeof YOOKASSA_ENV>>;

const KEYS = ['YOOKASSA_SHOP_ID', 'YOOKASSA_SECRET_KEY'] as const;

/** Development with yookassa listed and no keys at all: the offline fake. */
const usesDevFake = (env: YookassaEnv, mode: Mode, listed: boolean) =>
  mode === 'development' && listed && KEYS.every((name) => !env[name]) && !env.YOOKASSA_API_BASE;

export function yookassaProblems(env: YookassaEnv, mode: Mode, { listed }: Selection): string[] {
  if (usesDevFake(env, mode, listed)) return [];
  const problems: string[] = [];
  const missing = KEYS.filter((name) => !env[name]);
  if (missing.length < KEYS.length || listed) {
    for (const name of missing)
      problems.push(`${name}: required with any YooKassa setting or when PAYMENT_PROVIDER names yookassa`);
  }
  if (mode === 'production') {
    if (env.YOOKASSA_SECRET_KEY?.startsWith('test_'))
      problems.push('YOOKASSA_SECRET_KEY: a test shop key in production');
    if (env.YOOKASSA_API_BASE) problems.push('YOOKASSA_API_BASE: for tests only; production talks to api.yookassa.ru');
  }
  return problems;
}

/**
 * YooKassa's settings when both keys are present, listed or not (late notifications and refunds
 * need them); in development, listed without keys, the offline fake's, whose notifications come
 * from this server itself.
 */
export function yookassaConfig(env: YookassaEnv, mode: Mode, { listed }: Selection): YookassaConfig | undefined {
  if (usesDevFake(env, mode, listed)) {
    return { ...DEV_YOOKASSA_SHOP, test: true, notificationSources: ['127.0.0.1', '::1'], apiBase: null };
  }
  if (!env.YOOKASSA_SHOP_ID || !env.YOOKASSA_SECRET_KEY) return undefined;
  return {
    shopId: env.YOOKASSA_SHOP_ID,
    secretKey: env.YOOKASSA_SECRET_KEY,
    test: env.YOOKASSA_SECRET_KEY.startsWith('test_'),
    notificationSources: env.YOOKASSA_NOTIFICATION_IPS ?? YOOKASSA_NOTIFICATION_SOURCES,
    apiBase: (env.YOOKASSA_API_BASE ?? YOOKASSA_API_BASE).replace(/\/$/, ''),
  };
}
