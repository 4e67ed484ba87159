import { z } from 'zod';
import { emptyAsUndefined, type Mode, secretList } from '../../../../config/env-helpers.js';
import type { Selection } from '../provider-descriptor.js';

/** The sandbox provider's webhook secret in development (documented in README). */
export const DEV_SANDBOX_WEBHOOK_SECRET = 'dev-sandbox-webhook-secret-not-for-production';

/** The sandbox's environment variables, merged into the server's EnvSchema. */
export const SANDBOX_ENV = {
  SANDBOX_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, secretList.optional()),
};

type SandboxEnv = z.output<z.ZodObject<typeof SANDBOX_ENV>>;

export interface SandboxSettings {
  /** HMAC secrets of the sandbox's webhooks; the first signs, all verify (rotation). */
  webhookSecrets: string[];
}

export function sandboxProblems(env: SandboxEnv, mode: Mode, { listed }: Selection): string[] {
  if (mode === 'production' && listed && !env.SANDBOX_WEBHOOK_SECRET) {
    return ['SANDBOX_WEBHOOK_SECRET: required in production when PAYMENT_PROVIDER is sandbox'];
  }
  return [];
}

/**
 * The sandbox runs only while PAYMENT_PROVIDER names it: it has no account elsewhere
 * whose late notifications would need an answer, and its form must not take (pretend)
 * payments for old checkouts once an operator has moved on to real money.
 */
export function sandboxSettings(env: SandboxEnv, mode: Mode, { listed }: Selection): SandboxSettings | undefined {
  if (!listed) return undefined;
  const webhookSecrets = env.SANDBOX_WEBHOOK_SECRET ?? (mode === 'development' ? [DEV_SANDBOX_WEBHOOK_SECRET] : []);
  return webhookSecrets.length > 0 ? { webhookSecrets } : undefined;
}
