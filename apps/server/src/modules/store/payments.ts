import type { AdapterName } from '@fxid/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { CspSources } from '../../http/security.js';
import type { GameRecord } from '../catalog/game-catalog.js';
import type { OutboxHandler } from '../outbox/outbox.js';
import type { PlatformPayments } from './payment-routing.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import type { ProviderDeps } from './providers/provider-descriptor.js';
import { providerKey } from './providers/provider-key.js';
import { PAYMENT_PROVIDERS, PROVIDER_NAMES, type ProviderName, type ProviderSettings } from './providers/registry.js';

/**
 * A provider built from one set of credentials: the deployment's own (key: the provider's
 * name) or a PAYMENT_ACCOUNTS entry's (key: `name:account`). The key is what orders and
 * taken notifications record, and its webhook path (/store/webhooks/name[/account]).
 */
export interface ConfiguredProvider {
  key: string;
  /** The PAYMENT_ACCOUNTS entry it was built from; undefined: the deployment's own credentials. */
  account: string | undefined;
  provider: PaymentProvider;
  routes: ((ctx: AppContext) => FastifyPluginAsyncZod) | undefined;
  /** Its offline fake's routes, served in development only (ProviderDescriptor.devRoutes). */
  devRoutes: FastifyPluginAsync | undefined;
  jobs: Record<string, OutboxHandler>;
  csp: CspSources | undefined;
}

/** The configured payment providers, and which of them a game's checkout goes to. */
export interface Payments {
  /** A configured provider by key (an order's `provider`): its webhooks, and the status checks and refunds of its orders. */
  get(key: string): PaymentProvider | undefined;
  /**
   * Where a new web checkout of the game on this platform goes, in this currency (any, when
   * not known yet): the first provider of PAYMENT_PROVIDER that the game's catalog store flags
   * enable (a provider without a flag, the sandbox, serves every game), that its
   * PaymentProviders rule allows there, and whose credentials (the rule's Account, or the
   * deployment's) are configured. Undefined: the game takes no web payments there.
   */
  forGame(game: GameRecord, adapter: AdapterName, currency?: string): ConfiguredProvider | undefined;
  /** Every provider forGame could choose there, in PAYMENT_PROVIDER's order (forGame takes the first). */
  offered(game: GameRecord, adapter: AdapterName, currency?: string): ConfiguredProvider[];
  /** A host platform's own payments, when the platform has them on this server. */
  platform(adapter: AdapterName): PlatformPayments | undefined;
  configured: readonly ConfiguredProvider[];
  /** The outbox jobs of every configured provider. */
  jobs: Record<string, OutboxHandler>;
  /** What the portal's pages must allow for the configured providers' checkouts. */
  csp: CspSources;
}

export interface PaymentsDeps extends Omit<ProviderDeps, 'config' | 'postToOwnWebhook'> {
  /** Posts to /api/v1/store/webhooks/{provider} in process (see ProviderDeps.postToOwnWebhook). */
  postToWebhook(provider: string, body: string, headers: Record<string, string>): Promise<number>;
}

function configure<Name extends ProviderName>(
  name: Name,
  account: string | undefined,
  settings: ProviderSettings[Name],
  deps: ProviderDeps,
): ConfiguredProvider {
  const descriptor = PAYMENT_PROVIDERS[name];
  const provider = descriptor.create(settings, deps);
  const routes = descriptor.routes;
  return {
    key: providerKey(name, account),
    account,
    provider,
    routes: routes && ((ctx) => routes.call(descriptor, ctx, provider)),
    devRoutes: descriptor.devRoutes?.(provider),
    jobs: descriptor.jobs?.(provider) ?? {},
    csp: descriptor.cspOf?.(settings) ?? descriptor.csp,
  };
}

function mergeCsp(sources: (CspSources | undefined)[]): CspSources {
  const merged = (pick: (source: CspSources) => readonly string[] | undefined) => [
    ...new Set(sources.flatMap((source) => (source && pick(source)) ?? [])),
  ];
  return {
    scriptSrc: merged((source) => source.scriptSrc),
    connectSrc: merged((source) => source.connectSrc),
    frameSrc: merged((source) => source.frameSrc),
  };
}

/** Builds every provider that has settings, once per set of credentials; PAYMENT_PROVIDER's order decides between them per game. */
export function createPayments(
  config: Config,
  deps: PaymentsDeps,
  platforms: Partial<Record<AdapterName, PlatformPayments>> = {},
): Payments {
  const byKey = new Map<string, ConfiguredProvider>();
  const build = <Name extends ProviderName>(
    name: Name,
    account: string | undefined,
    settings: ProviderSettings[Name],
  ) => {
    const key = providerKey(name, account);
    const postToOwnWebhook = (body: string, headers: Record<string, string>) =>
      deps.postToWebhook(key.replace(':', '/'), body, headers);
    byKey.set(key, configure(name, account, settings, { ...deps, config, postToOwnWebhook }));
  };
  for (const name of PROVIDER_NAMES) {
    const settings = config.store.providers[name];
    if (settings !== undefined) build(name, undefined, settings);
  }
  for (const [account, providers] of Object.entries(config.store.accounts ?? {})) {
    for (const name of PROVIDER_NAMES) {
      const settings = providers[name];
      if (settings !== undefined) build(name, account, settings);
    }
  }
  for (const name of config.store.paymentProviders) {
    if (!byKey.has(name)) throw new Error(`PAYMENT_PROVIDER names ${name}, which is not configured`);
  }
  const configured = [...byKey.values()];
  function offered(game: GameRecord, adapter: AdapterName, currency?: string): ConfiguredProvider[] {
    return config.store.paymentProviders.flatMap((name) => {
      const flag = PAYMENT_PROVIDERS[name].storeFlag;
      if (flag && !game.definition.Store[flag]) return [];
      // Catalogs imported before PaymentProviders existed have none stored.
      const rule = game.definition.PaymentProviders?.[name];
      if (rule?.Platforms && !rule.Platforms.includes(adapter)) return [];
      if (currency && rule?.Currencies && !rule.Currencies.includes(currency)) return [];
      return byKey.get(providerKey(name, rule?.Account)) ?? [];
    });
  }
  return {
    get: (key) => byKey.get(key)?.provider,
    forGame: (game, adapter, currency) => offered(game, adapter, currency)[0],
    offered,
    platform: (adapter) => platforms[adapter],
    configured,
    jobs: Object.assign({}, ...configured.map((entry) => entry.jobs)),
    csp: mergeCsp(configured.map((entry) => entry.csp)),
  };
}

/** Every provider's checkout-id pattern, for the request log to mask (security.md §12 row 50). */
export const CHECKOUT_ID_PATTERNS: readonly RegExp[] = PROVIDER_NAMES.flatMap(
  (name) => PAYMENT_PROVIDERS[name].checkoutIdPattern ?? [],
);
