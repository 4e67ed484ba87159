import type { AdapterName, StoreFlags } from '@fxid/contract';
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
import { PAYMENT_PROVIDERS, PROVIDER_NAMES, type ProviderName, type ProviderSettings } from './providers/registry.js';

/** A provider built from its settings, with what it adds to the app. */
export interface ConfiguredProvider {
  provider: PaymentProvider;
  /** The catalog store flag that turns it on for a game; none: every game. */
  storeFlag: keyof StoreFlags | undefined;
  routes: ((ctx: AppContext) => FastifyPluginAsyncZod) | undefined;
  /** Its offline fake's routes, served in development only (ProviderDescriptor.devRoutes). */
  devRoutes: FastifyPluginAsync | undefined;
  jobs: Record<string, OutboxHandler>;
  csp: CspSources | undefined;
}

/** The configured payment providers, and which of them a game's checkout goes to. */
export interface Payments {
  /** A configured provider by name: its webhooks, and the status checks and refunds of its orders. */
  get(name: string): PaymentProvider | undefined;
  /**
   * Where a new web checkout of the game goes: the first provider of PAYMENT_PROVIDER that
   * is configured and that the game's catalog store flags enable (a provider without a flag,
   * the sandbox, serves every game). Undefined: the game takes no web payments here.
   */
  forGame(game: GameRecord): PaymentProvider | undefined;
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
  settings: ProviderSettings[Name],
  deps: ProviderDeps,
): ConfiguredProvider {
  const descriptor = PAYMENT_PROVIDERS[name];
  const provider = descriptor.create(settings, deps);
  const routes = descriptor.routes;
  return {
    provider,
    storeFlag: descriptor.storeFlag,
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

/** Builds every provider that has settings; PAYMENT_PROVIDER's order decides between them per game. */
export function createPayments(
  config: Config,
  deps: PaymentsDeps,
  platforms: Partial<Record<AdapterName, PlatformPayments>> = {},
): Payments {
  const byName = new Map<string, ConfiguredProvider>();
  for (const name of PROVIDER_NAMES) {
    const settings = config.store.providers[name];
    if (settings === undefined) continue;
    const postToOwnWebhook = (body: string, headers: Record<string, string>) => deps.postToWebhook(name, body, headers);
    byName.set(name, configure(name, settings, { ...deps, config, postToOwnWebhook }));
  }
  for (const name of config.store.paymentProviders) {
    if (!byName.has(name)) throw new Error(`PAYMENT_PROVIDER names ${name}, which is not configured`);
  }
  const configured = [...byName.values()];
  return {
    get: (name) => byName.get(name)?.provider,
    forGame(game) {
      for (const name of config.store.paymentProviders) {
        const candidate = byName.get(name);
        if (candidate && (!candidate.storeFlag || game.definition.Store[candidate.storeFlag]))
          return candidate.provider;
      }
      return undefined;
    },
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
