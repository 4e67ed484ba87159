import type { PageConfig, StoreFlags } from '@fxid/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Mode } from '../../../config/env-helpers.js';
import type { Config } from '../../../config.js';
import type { AppContext } from '../../../context.js';
import type { Database } from '../../../db/schema.js';
import type { CspSources } from '../../../http/security.js';
import type { OutboxHandler } from '../../outbox/outbox.js';
import type { PaymentProvider } from './payment-provider.js';

/** What a provider is built with at start, besides its own settings. */
export interface ProviderDeps {
  config: Config;
  db: Kysely<Database>;
  now: () => number;
  /**
   * Posts to this provider's own notification endpoint (/api/v1/store/webhooks/{name})
   * through the app's HTTP stack, in process, and gives the status: an offline provider
   * notifies fxid as a real one would, with no network.
   */
  postToOwnWebhook(body: string, headers: Record<string, string>): Promise<number>;
}

/** What PAYMENT_PROVIDER says about one provider. */
export interface Selection {
  /** PAYMENT_PROVIDER names it: it takes new checkouts (of the games whose store flags enable it). */
  listed: boolean;
}

/**
 * One web payment provider as the server wires it (ARCHITECTURE §3, §7.10): each
 * provider folder exports one of these, and ./registry.ts names them (the key is the
 * provider's name, as in PAYMENT_PROVIDER and /api/v1/store/webhooks/{name}). Config, the
 * outbox, routes and the Content-Security-Policy are built by looping over the
 * registry, so adding a provider is a folder and one registry line.
 */
export interface ProviderDescriptor<
  Settings = unknown,
  Env extends z.ZodRawShape = z.ZodRawShape,
  Provider extends PaymentProvider = PaymentProvider,
> {
  /**
   * The catalog store flag (spec store §3) a game turns this provider on with; without
   * one the provider serves every game (the offline sandbox).
   */
  storeFlag?: keyof StoreFlags | undefined;
  /**
   * Works offline with no keys, so development takes it when PAYMENT_PROVIDER is unset
   * (production never takes a provider it was not given by name).
   */
  developmentDefault?: boolean;
  /** Its environment variables, merged into the server's EnvSchema. */
  env: Env;
  /** Every bad or missing variable, one line each (`NAME: why`), reported with the rest at start. */
  problems(env: z.output<z.ZodObject<Env>>, mode: Mode, selection: Selection): string[];
  /** Its settings once problems() found none, or undefined when it is not configured (then it is off). */
  settings(env: z.output<z.ZodObject<Env>>, mode: Mode, selection: Selection): Settings | undefined;
  create(settings: Settings, deps: ProviderDeps): Provider;
  /**
   * Routes of the spec's API that need no provider instance (Aghanim's status poll), registered
   * under /api/v1 whether or not it is configured here, so the API and its OpenAPI document are
   * the same on every deployment; without the provider they find none of its orders (404).
   */
  apiRoutes?(ctx: AppContext): FastifyPluginAsyncZod;
  /** Routes of its own (a checkout page's API), registered under /api/v1 while it is configured. */
  routes?(ctx: AppContext, provider: Provider): FastifyPluginAsyncZod;
  /**
   * Development only, registered at the server's root: a fake of the provider this server serves
   * so that a developer pays offline (never registered in production).
   */
  devRoutes?(provider: Provider): FastifyPluginAsync;
  /** Outbox job kinds it enqueues, with their handlers. */
  jobs?(provider: Provider): Record<string, OutboxHandler>;
  /** What its checkout loads in the portal's pages; allowed only while it is configured. */
  csp?: CspSources;
  /** The same, when its origins come from its settings (a bank widget's configured script); wins over csp. */
  cspOf?(settings: Settings): CspSources;
  /**
   * What the portal's page-load configuration needs of it while it is configured: a development
   * stand-in's address, or the origins its checkout window's messages are taken from when a fake
   * stands in for the provider's hosts.
   */
  pageConfigOf?(settings: Settings, config: Config): Partial<PageConfig>;
  /**
   * Its checkout ids, which are credentials (whoever holds one can open the payment form):
   * masked wherever they appear in a logged URL (security.md §12 row 50). Global flag.
   */
  checkoutIdPattern?: RegExp;
}
