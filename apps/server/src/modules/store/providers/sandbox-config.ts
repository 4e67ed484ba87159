import { z } from 'zod';
import { emptyAsUndefined, type Mode, secretList } from '../../../config/env-helpers.js';

/** The sandbox provider's webhook secret in development (documented in README). */
export const DEV_SANDBOX_WEBHOOK_SECRET = 'dev-sandbox-webhook-secret-not-for-production';

/** The sandbox's environment variables, merged into the server's EnvSchema. */
export const SANDBOX_ENV = {
  SANDBOX_WEBHOOK_SECRET: z.preprocess(emptyAsUndefined, secretList.optional()),
};

type SandboxEnv = { SANDBOX_WEBHOOK_SECRET?: string[] | undefined; PAYMENT_PROVIDER?: string | undefined };

export function sandboxProblems(env: SandboxEnv, mode: Mode): string[] {
  if (mode === 'production' && env.PAYMENT_PROVIDER === 'sandbox' && !env.SANDBOX_WEBHOOK_SECRET) {
    return ['SANDBOX_WEBHOOK_SECRET: required in production when PAYMENT_PROVIDER is sandbox'];
  }
  return [];
}

/** HMAC secrets of the sandbox's webhooks; the first signs, all verify (rotation). */
export function sandboxWebhookSecrets(env: SandboxEnv, mode: Mode): string[] {
  return env.SANDBOX_WEBHOOK_SECRET ?? (mode === 'development' ? [DEV_SANDBOX_WEBHOOK_SECRET] : []);
}
