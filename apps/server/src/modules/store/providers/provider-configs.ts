import { z } from 'zod';
import { type Mode, optional } from '../../../config/env-helpers.js';
import {
  PAYMENT_PROVIDERS,
  PROVIDER_NAMES,
  type ProviderName,
  type ProviderSettings,
  type ProvidersEnvShape,
} from './registry.js';

/**
 * The payment providers' part of the configuration, built by looping over the registry:
 * config.ts merges these variables into its schema, these checks into its problems and
 * these settings into Config.store. No provider is named here.
 */

/** PAYMENT_PROVIDER (a comma-separated list of provider names, or `none`) and every provider's variables. */
export const PAYMENT_ENV = {
  PAYMENT_PROVIDER: optional(
    z
      .string()
      .transform((text) => text.split(',').map((item) => item.trim()))
      .pipe(z.array(z.enum(['none', ...PROVIDER_NAMES] as ['none', ...ProviderName[]]))),
  ),
  ...(Object.assign({}, ...Object.values(PAYMENT_PROVIDERS).map((provider) => provider.env)) as ProvidersEnvShape),
};

type PaymentEnv = z.output<z.ZodObject<typeof PAYMENT_ENV>>;

export interface PaymentsConfig {
  /**
   * PAYMENT_PROVIDER in order: the providers that take new checkouts. A game's checkout goes
   * to the first of them its catalog store flags enable; empty, purchases are off.
   */
  paymentProviders: ProviderName[];
  /** The settings of every configured provider; one without an entry is off (no checkouts, webhooks or routes). */
  providers: Partial<ProviderSettings>;
}

/** PAYMENT_PROVIDER's names; unset, the providers that work offline in development and none in production. */
function listed(env: PaymentEnv, mode: Mode): ProviderName[] {
  if (env.PAYMENT_PROVIDER) return env.PAYMENT_PROVIDER.filter((name) => name !== 'none');
  // Purchases never fall back to an offline provider in production: it must be chosen by name.
  return mode === 'development' ? PROVIDER_NAMES.filter((name) => PAYMENT_PROVIDERS[name].developmentDefault) : [];
}

function settingsOf<Name extends ProviderName>(name: Name, env: PaymentEnv, mode: Mode, names: ProviderName[]) {
  return PAYMENT_PROVIDERS[name].settings(env, mode, { listed: names.includes(name) });
}

export function paymentProblems(env: PaymentEnv, mode: Mode): string[] {
  const problems: string[] = [];
  const names = env.PAYMENT_PROVIDER ?? [];
  if (names.includes('none') && names.length > 1) {
    problems.push('PAYMENT_PROVIDER: none (purchases off) cannot be listed with providers');
  }
  for (const name of new Set(names)) {
    if (names.indexOf(name) !== names.lastIndexOf(name)) problems.push(`PAYMENT_PROVIDER: ${name} is listed twice`);
  }
  const chosen = listed(env, mode);
  for (const name of PROVIDER_NAMES) {
    const own = PAYMENT_PROVIDERS[name].problems(env, mode, { listed: chosen.includes(name) });
    problems.push(...own);
    // A provider's own checks name what it lacks; this only catches one that forgot to.
    if (own.length === 0 && chosen.includes(name) && !settingsOf(name, env, mode, chosen)) {
      problems.push(`PAYMENT_PROVIDER: ${name} is listed but not configured`);
    }
  }
  return problems;
}

export function paymentsConfig(env: PaymentEnv, mode: Mode): PaymentsConfig {
  const paymentProviders = listed(env, mode);
  const providers: Partial<Record<ProviderName, unknown>> = {};
  for (const name of PROVIDER_NAMES) {
    const settings = settingsOf(name, env, mode, paymentProviders);
    if (settings !== undefined) providers[name] = settings;
  }
  return { paymentProviders, providers: providers as Partial<ProviderSettings> };
}
