import type { PageConfig } from '@fxid/contract';
import { z } from 'zod';
import { type Mode, optional } from '../../../config/env-helpers.js';
import type { Config } from '../../../config.js';
import { PaymentAccountNameSchema } from '../../catalog/catalog-schema.js';
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
  PAYMENT_ACCOUNTS: optional(
    z
      .string()
      .transform((text) => text.split(',').map((item) => item.trim()))
      .pipe(z.array(PaymentAccountNameSchema)),
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
  /**
   * Per PAYMENT_ACCOUNTS entry (a company's or a game's own credentials, named by the catalog's
   * PaymentProviders.{provider}.Account), the providers it configures with its `…__ACCOUNT` variables.
   */
  accounts?: Record<string, Partial<ProviderSettings>>;
}

/** Raw environment, for the variables of PAYMENT_ACCOUNTS entries (their names are not known in advance). */
type RawEnv = Record<string, string | undefined>;

/** The suffix of an account's variables: `XSOLLA_API_KEY__ACME` is account acme's XSOLLA_API_KEY. */
const suffixOf = (account: string) => `__${account.toUpperCase()}`;

/** Providers whose pages or outbox jobs exist once per server take only the deployment's own credentials. */
const perDeploymentOnly = (name: ProviderName) => {
  const descriptor = PAYMENT_PROVIDERS[name];
  return Boolean(descriptor.routes || descriptor.jobs);
};

interface AccountReading {
  account: string;
  name: ProviderName;
  /** The account's variables of this provider, named as the provider names them (no suffix). */
  env: Record<string, unknown> | undefined;
  problems: string[];
}

/** Each account's variables, per provider that has any, parsed with the provider's own schema. */
function readAccounts(env: PaymentEnv, raw: RawEnv): AccountReading[] {
  const readings: AccountReading[] = [];
  for (const account of new Set(env.PAYMENT_ACCOUNTS ?? [])) {
    const suffix = suffixOf(account);
    for (const name of PROVIDER_NAMES) {
      const shape = PAYMENT_PROVIDERS[name].env;
      const own = Object.fromEntries(
        Object.keys(shape).flatMap((variable) => {
          const value = raw[`${variable}${suffix}`];
          return value === undefined || value === '' ? [] : [[variable, value]];
        }),
      );
      if (Object.keys(own).length === 0) continue;
      const problems: string[] = [];
      if (perDeploymentOnly(name)) {
        for (const variable of Object.keys(own))
          problems.push(`${variable}${suffix}: ${name} takes one set of credentials per deployment (no accounts)`);
        readings.push({ account, name, env: undefined, problems });
        continue;
      }
      const parsed = z.object(shape).safeParse(own);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problems.push(`${issue.path.join('.')}${suffix}: ${issue.message}`);
      }
      readings.push({ account, name, env: parsed.success ? parsed.data : undefined, problems });
    }
  }
  return readings;
}

/** A provider's own problem lines (`NAME: why`) about an account's variables, renamed `NAME__ACCOUNT: why`. */
const renamed = (problems: string[], account: string) =>
  problems.map((line) =>
    line.replace(/^([A-Z0-9_]+):/, (_all, variable: string) => `${variable}${suffixOf(account)}:`),
  );

/** Every `…__X` variable of a provider whose X is not a PAYMENT_ACCOUNTS entry (a typo, or a forgotten entry). */
function strayAccountVariables(env: PaymentEnv, raw: RawEnv): string[] {
  const known = new Set((env.PAYMENT_ACCOUNTS ?? []).map(suffixOf));
  const variables = new Set(PROVIDER_NAMES.flatMap((name) => Object.keys(PAYMENT_PROVIDERS[name].env)));
  return Object.keys(raw).flatMap((full) => {
    const at = full.lastIndexOf('__');
    if (at < 0 || !variables.has(full.slice(0, at)) || known.has(full.slice(at))) return [];
    return [`${full}: ${full.slice(at + 2).toLowerCase()} is not a PAYMENT_ACCOUNTS entry`];
  });
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

export function paymentProblems(env: PaymentEnv, mode: Mode, raw: RawEnv = {}): string[] {
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
  const accounts = env.PAYMENT_ACCOUNTS ?? [];
  for (const account of new Set(accounts)) {
    if (accounts.indexOf(account) !== accounts.lastIndexOf(account))
      problems.push(`PAYMENT_ACCOUNTS: ${account} is listed twice`);
  }
  const readings = readAccounts(env, raw);
  for (const reading of readings) {
    problems.push(...reading.problems);
    if (!reading.env) continue;
    const descriptor = PAYMENT_PROVIDERS[reading.name];
    const own = descriptor.problems(reading.env as never, mode, { listed: false });
    problems.push(...renamed(own, reading.account));
    if (own.length === 0 && !descriptor.settings(reading.env as never, mode, { listed: false })) {
      problems.push(`PAYMENT_ACCOUNTS: ${reading.account}'s ${reading.name} variables do not configure it`);
    }
  }
  for (const account of new Set(accounts)) {
    if (!readings.some((reading) => reading.account === account))
      problems.push(`PAYMENT_ACCOUNTS: ${account} has no provider variables (e.g. XSOLLA_API_KEY${suffixOf(account)})`);
  }
  problems.push(...strayAccountVariables(env, raw));
  return problems;
}

export function paymentsConfig(env: PaymentEnv, mode: Mode, raw: RawEnv = {}): PaymentsConfig {
  const paymentProviders = listed(env, mode);
  const providers: Partial<Record<ProviderName, unknown>> = {};
  for (const name of PROVIDER_NAMES) {
    const settings = settingsOf(name, env, mode, paymentProviders);
    if (settings !== undefined) providers[name] = settings;
  }
  const accounts: Record<string, Partial<Record<ProviderName, unknown>>> = {};
  for (const reading of readAccounts(env, raw)) {
    if (!reading.env) continue;
    const settings = PAYMENT_PROVIDERS[reading.name].settings(reading.env as never, mode, { listed: false });
    if (settings !== undefined) accounts[reading.account] = { ...accounts[reading.account], [reading.name]: settings };
  }
  return {
    paymentProviders,
    providers: providers as Partial<ProviderSettings>,
    ...(Object.keys(accounts).length > 0 ? { accounts: accounts as Record<string, Partial<ProviderSettings>> } : {}),
  };
}

/** What the configured providers add to the portal's page-load configuration (ProviderDescriptor.pageConfigOf). */
export function providersPageConfig(config: Config): Partial<PageConfig> {
  const of = <Name extends ProviderName>(name: Name) => {
    const settings = config.store.providers[name];
    return settings === undefined ? {} : (PAYMENT_PROVIDERS[name].pageConfigOf?.(settings, config) ?? {});
  };
  return Object.assign({}, ...PROVIDER_NAMES.map(of));
}
