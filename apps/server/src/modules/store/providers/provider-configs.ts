import type { z } from 'zod';
import type { Mode } from '../../../config/env-helpers.js';
import { SANDBOX_ENV, sandboxProblems, sandboxWebhookSecrets } from './sandbox-config.js';
import { STRIPE_ENV, type StripeConfig, stripeConfig, stripeProblems } from './stripe-config.js';

/**
 * The configuration fragments of the payment providers, one line each: config.ts merges
 * their environment variables into its schema, their checks into its problems and their
 * settings into Config.store.
 */
export const PROVIDER_ENV = { ...SANDBOX_ENV, ...STRIPE_ENV };

/** PAYMENT_PROVIDER values: a provider's name, or `none` (purchases off). */
export const PAYMENT_PROVIDER_CHOICES = ['sandbox', 'stripe', 'none'] as const;

export interface ProvidersConfig {
  /** HMAC secrets of the sandbox provider's webhooks; the first signs, all verify (rotation). */
  sandboxWebhookSecrets: string[];
  /** Stripe account keys; set (all of them) exactly when Stripe can take payments. */
  stripe?: StripeConfig | undefined;
}

type ProviderEnv = z.output<z.ZodObject<typeof PROVIDER_ENV>> & { PAYMENT_PROVIDER?: string | undefined };

export function providerProblems(env: ProviderEnv, mode: Mode): string[] {
  return [...sandboxProblems(env, mode), ...stripeProblems(env, mode)];
}

export function providersConfig(env: ProviderEnv, mode: Mode): ProvidersConfig {
  return { sandboxWebhookSecrets: sandboxWebhookSecrets(env, mode), stripe: stripeConfig(env) };
}
