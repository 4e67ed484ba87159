import type { FastifyPluginAsync } from 'fastify';
import type { PaymentProvider } from '../payment-provider.js';
import type { ProviderDescriptor } from '../provider-descriptor.js';
import { createYookassaProvider } from './yookassa.js';
import {
  DEV_YOOKASSA_SHOP,
  YOOKASSA_ENV,
  type YookassaConfig,
  yookassaConfig,
  yookassaProblems,
} from './yookassa-config.js';
import { DEV_YOOKASSA_PATH, yookassaDevRoutes } from './yookassa-dev-routes.js';
import { FakeYookassa } from './yookassa-fake.js';

export interface YookassaProvider extends PaymentProvider {
  /** In development without keys: the fake YooKassa this server serves at /dev/yookassa. */
  readonly devFake?: FastifyPluginAsync;
}

/**
 * YooKassa, for the games whose catalog sets `Store.YookassaEnabled`: a payment per order,
 * confirmed on YooKassa's page (Redirect) or in its confirmation widget (Embed); each
 * notification is checked against YooKassa's addresses and re-read from its API. In
 * development without keys, a fake YooKassa on this server (/dev/yookassa) takes the payments,
 * with a stand-in of the widget, so a developer pays offline.
 */
export const yookassaDescriptor: ProviderDescriptor<YookassaConfig, typeof YOOKASSA_ENV, YookassaProvider> = {
  storeFlag: 'YookassaEnabled',
  env: YOOKASSA_ENV,
  problems: yookassaProblems,
  settings: yookassaConfig,
  create(settings, deps) {
    if (settings.apiBase !== null) return createYookassaProvider(settings);
    const base = `${deps.config.publicUrl.replace(/\/$/, '')}${DEV_YOOKASSA_PATH}`;
    const fake = new FakeYookassa(DEV_YOOKASSA_SHOP, `${base}/checkout`);
    // The fake's notifications reach this server's own webhook, in process (from 127.0.0.1).
    return { ...createYookassaProvider(settings, base), devFake: yookassaDevRoutes(fake, deps.postToOwnWebhook) };
  },
  devRoutes: (provider) => async (app) => {
    if (provider.devFake) await app.register(provider.devFake, { prefix: DEV_YOOKASSA_PATH });
  },
  // The portal loads the development fake's stand-in of the widget instead of YooKassa's.
  pageConfigOf: (settings) =>
    settings.apiBase === null ? { YookassaWidgetUrl: `${DEV_YOOKASSA_PATH.slice(1)}/checkout-widget.js` } : {},
  // The confirmation widget's script and frames come from YooKassa.
  csp: {
    scriptSrc: ['https://yookassa.ru'],
    connectSrc: ['https://yookassa.ru', 'https://yoomoney.ru'],
    frameSrc: ['https://yookassa.ru', 'https://yoomoney.ru'],
  },
};
