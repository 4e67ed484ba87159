import { z } from 'zod';
import { emptyAsUndefined, type Mode, optional } from '../../../../config/env-helpers.js';
import type { Selection } from '../provider-descriptor.js';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  /** Endpoint signing secrets (`whsec_…`); several while one rotates, each is tried. */
  webhookSecrets: string[];
  /** Another API origin than api.stripe.com: tests point the real client at a fake on loopback. */
  apiBase?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/** Stripe's environment variables, merged into the server's EnvSchema. */
export const STRIPE_ENV = {
  STRIPE_SECRET_KEY: optional(
    z.string().regex(/^(sk|rk)_(test|live)_\w{8,}$/, 'Expected sk_test_…, sk_live_… or rk_…'),
  ),
  STRIPE_PUBLISHABLE_KEY: optional(z.string().regex(/^pk_(test|live)_\w{8,}$/, 'Expected pk_test_… or pk_live_…')),
  STRIPE_WEBHOOK_SECRETS: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .transform((text) => text.split(',').map((item) => item.trim()))
      .pipe(z.array(z.string().regex(/^whsec_[^\s,]{8,}$/, 'Expected whsec_… secrets, comma-separated')))
      .optional(),
  ),
  STRIPE_API_BASE: optional(z.url({ protocol: /^https?$/ })),
};

type StripeEnv = z.output<z.ZodObject<typeof STRIPE_ENV>>;

const KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRETS'] as const;

export function stripeProblems(env: StripeEnv, mode: Mode, { listed }: Selection): string[] {
  const problems: string[] = [];
  const missing = KEYS.filter((name) => !env[name]);
  if (mode === 'production') {
    // Half a Stripe setup takes money it cannot confirm, or confirms money it never asked for.
    if (missing.length < KEYS.length || listed) {
      for (const name of missing) problems.push(`${name}: required in production with any Stripe setting`);
    }
    if (env.STRIPE_API_BASE) problems.push('STRIPE_API_BASE: for tests only; production talks to api.stripe.com');
  }
  if (mode === 'development' && listed) {
    for (const name of missing) problems.push(`${name}: required when PAYMENT_PROVIDER names stripe`);
  }
  const secretMode = env.STRIPE_SECRET_KEY?.split('_')[1];
  const publishableMode = env.STRIPE_PUBLISHABLE_KEY?.split('_')[1];
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    problems.push('STRIPE_PUBLISHABLE_KEY: test and live keys are mixed with STRIPE_SECRET_KEY');
  }
  return problems;
}

/**
 * Stripe's settings when all three keys are present (stripeProblems refused a partial set in
 * production), whether or not PAYMENT_PROVIDER names it: its late webhooks and the refunds of
 * its past orders still need it after checkouts moved elsewhere.
 */
export function stripeConfig(env: StripeEnv): StripeConfig | undefined {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRETS) return undefined;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecrets: env.STRIPE_WEBHOOK_SECRETS,
    apiBase: base && {
      host: base.hostname.replace(/^\[|\]$/g, ''),
      port: Number(base.port || (protocol === 'http' ? 80 : 443)),
      protocol,
    },
  };
}
