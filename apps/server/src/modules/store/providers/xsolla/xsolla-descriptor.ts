import type { FastifyPluginAsync } from 'fastify';
import type { PaymentProvider } from '../payment-provider.js';
import type { ProviderDescriptor } from '../provider-descriptor.js';
import { createXsollaProvider } from './xsolla.js';
import { DEV_XSOLLA_KEYS, XSOLLA_ENV, type XsollaConfig, xsollaConfig, xsollaProblems } from './xsolla-config.js';
import { DEV_XSOLLA_PATH, xsollaDevRoutes } from './xsolla-dev-routes.js';
import { FakeXsolla } from './xsolla-fake.js';

export interface XsollaProvider extends PaymentProvider {
  /** In development without keys: the fake Xsolla this server serves at /dev/xsolla. */
  readonly devFake?: FastifyPluginAsync;
}

/**
 * Xsolla Pay Station, for the games whose catalog sets `Store.XsollaEnabled`: a token per
 * order, paid in Xsolla's embed widget (1.2.9, shipped with the portal) or by redirect,
 * confirmed by notifications signed with the project's secret key. In development without
 * keys, a fake Xsolla on this server (/dev/xsolla) issues the tokens and its Pay Station page
 * pays them, so a developer pays offline.
 */
export const xsollaDescriptor: ProviderDescriptor<XsollaConfig, typeof XSOLLA_ENV, XsollaProvider> = {
  storeFlag: 'XsollaEnabled',
  env: XSOLLA_ENV,
  problems: xsollaProblems,
  settings: xsollaConfig,
  create(settings, deps) {
    if (settings.apiBase !== null) return createXsollaProvider(settings, { db: deps.db });
    const base = `${deps.config.publicUrl.replace(/\/$/, '')}${DEV_XSOLLA_PATH}`;
    const provider = createXsollaProvider(settings, {
      db: deps.db,
      devFake: { apiBase: base, payStation: `${base}/paystation4/` },
    });
    // Pay Station's notifications reach this server's own webhook, in process.
    return { ...provider, devFake: xsollaDevRoutes(new FakeXsolla(DEV_XSOLLA_KEYS), deps.postToOwnWebhook) };
  },
  devRoutes: (provider) => async (app) => {
    if (provider.devFake) await app.register(provider.devFake, { prefix: DEV_XSOLLA_PATH });
  },
  // The widget is served by the portal itself; Pay Station opens in its frame or its own window.
  csp: { frameSrc: ['https://secure.xsolla.com', 'https://sandbox-secure.xsolla.com'] },
};
