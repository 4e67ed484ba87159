import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { emptyAsUndefined, type Mode, optional } from '../../../../config/env-helpers.js';
import type { Selection } from '../provider-descriptor.js';
import { DEV_BANK131_BANK_PUBLIC_KEY, DEV_BANK131_OUR_PRIVATE_KEY, DEV_BANK131_PROJECT } from './bank131-dev-keys.js';
import { pemOf, privateKeyOf, publicKeyOf } from './bank131-signature.js';

export type Bank131ApiType = 'Bank131' | 'SmartGLocal';

export interface Bank131Config {
  /** X-PARTNER-PROJECT: the project the bank gave us. */
  projectId: string;
  /** Our RSA key: signs every request (the bank holds its public half). */
  privateKey: KeyObject;
  /** The bank's public keys (one, or two while it rotates): verify its notifications. */
  bankPublicKeys: KeyObject[];
  apiType: Bank131ApiType;
  /** The API origin: Bank131's demo or live host, Smart Glocal's, or a fake on loopback in tests. */
  apiBase: string;
  /** The demo environment: no real money; production refuses it. */
  demo: boolean;
  /** The card widget's script (its loader URL is not public: platform-protocols.md §14 item 11). */
  widgetUrl: string;
  /**
   * The offline development bank (development, bank131 listed, no BANK131_* keys): the fake bank
   * this server runs at /dev/bank131 with the development keys; apiBase and widgetUrl are then
   * relative to PUBLIC_URL, resolved when the provider is built.
   */
  offline: boolean;
}

export const BANK131_DEMO_API = 'https://demo.bank131.ru';
export const BANK131_LIVE_API = 'https://proxy.bank131.ru';

const PEM_BLOCK = /-----BEGIN [A-Z ]+-----[\s\S]+?-----END [A-Z ]+-----/g;

function keysOk(text: string, parse: (pem: string) => unknown): boolean {
  try {
    const blocks = pemOf(text).match(PEM_BLOCK) ?? [];
    for (const block of blocks) parse(block);
    return blocks.length > 0;
  } catch {
    return false;
  }
}

/** Bank131's environment variables, merged into the server's EnvSchema. */
export const BANK131_ENV = {
  BANK131_PROJECT_ID: optional(z.string().regex(/^[\w-]{1,64}$/, 'Expected the project id the bank issued')),
  BANK131_PRIVATE_KEY: optional(
    z.string().refine((text) => keysOk(text, privateKeyOf), 'Expected our RSA private key in PEM (\\n allowed)'),
  ),
  BANK131_PUBLIC_KEYS: optional(
    z.string().refine((text) => keysOk(text, publicKeyOf), "Expected the bank's RSA public key(s) in PEM"),
  ),
  BANK131_API_TYPE: z.preprocess(emptyAsUndefined, z.enum(['Bank131', 'SmartGLocal']).optional()),
  BANK131_DEMO: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).optional()),
  BANK131_API_BASE: optional(z.url({ protocol: /^https?$/ })),
  BANK131_WIDGET_URL: optional(z.url({ protocol: /^https?$/ })),
};

type Bank131Env = z.output<z.ZodObject<typeof BANK131_ENV>>;

const KEYS = ['BANK131_PROJECT_ID', 'BANK131_PRIVATE_KEY', 'BANK131_PUBLIC_KEYS', 'BANK131_WIDGET_URL'] as const;

export function bank131Problems(env: Bank131Env, mode: Mode, { listed }: Selection): string[] {
  const problems: string[] = [];
  const missing = KEYS.filter((name) => !env[name]);
  // Half a setup starts payments whose notifications it cannot verify, or cannot sign at all.
  const any = missing.length < KEYS.length || env.BANK131_API_TYPE || env.BANK131_API_BASE || env.BANK131_DEMO;
  // Listed in development with nothing set: the offline development bank, which needs no keys.
  if (any || (listed && mode === 'production')) {
    for (const name of missing)
      problems.push(`${name}: required with any Bank131 setting or when PAYMENT_PROVIDER names bank131`);
    // Smart Glocal's host is theirs to give; fxid knows only Bank131's.
    if (env.BANK131_API_TYPE === 'SmartGLocal' && !env.BANK131_API_BASE)
      problems.push('BANK131_API_BASE: required for SmartGLocal (its API host)');
  }
  if (mode === 'production' && env.BANK131_DEMO === 'true')
    problems.push('BANK131_DEMO: demo payments are refused in production');
  return problems;
}

/** Where the offline development bank lives on this server (dev-hosts), below PUBLIC_URL. */
export const DEV_BANK131_PATH = '/dev/bank131';

/**
 * The settings when every key is present, listed or not (late notifications and refunds need
 * them); in development, listed with none set, the offline development bank's.
 */
export function bank131Config(env: Bank131Env, mode: Mode, listed = false): Bank131Config | undefined {
  const none =
    !env.BANK131_PROJECT_ID && !env.BANK131_PRIVATE_KEY && !env.BANK131_PUBLIC_KEYS && !env.BANK131_WIDGET_URL;
  if (mode === 'development' && listed && none) {
    return {
      projectId: DEV_BANK131_PROJECT,
      privateKey: privateKeyOf(DEV_BANK131_OUR_PRIVATE_KEY),
      bankPublicKeys: [publicKeyOf(DEV_BANK131_BANK_PUBLIC_KEY)],
      apiType: env.BANK131_API_TYPE ?? 'Bank131',
      apiBase: DEV_BANK131_PATH,
      demo: true,
      widgetUrl: `${DEV_BANK131_PATH}/widget.js`,
      offline: true,
    };
  }
  if (!env.BANK131_PROJECT_ID || !env.BANK131_PRIVATE_KEY || !env.BANK131_PUBLIC_KEYS || !env.BANK131_WIDGET_URL) {
    return undefined;
  }
  const demo = (env.BANK131_DEMO ?? (mode === 'development' ? 'true' : 'false')) === 'true';
  return {
    projectId: env.BANK131_PROJECT_ID,
    privateKey: privateKeyOf(env.BANK131_PRIVATE_KEY),
    bankPublicKeys: (pemOf(env.BANK131_PUBLIC_KEYS).match(PEM_BLOCK) ?? []).map(publicKeyOf),
    apiType: env.BANK131_API_TYPE ?? 'Bank131',
    apiBase: (env.BANK131_API_BASE ?? (demo ? BANK131_DEMO_API : BANK131_LIVE_API)).replace(/\/$/, ''),
    demo,
    widgetUrl: env.BANK131_WIDGET_URL,
    offline: false,
  };
}
