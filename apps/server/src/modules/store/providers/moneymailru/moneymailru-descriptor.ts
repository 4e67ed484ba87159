import type { ProviderDescriptor } from '../provider-descriptor.js';
import { createMoneyMailRuProvider, type MoneyMailRuProvider } from './moneymailru.js';
import { MONEYMAILRU_WINDOW_ORIGINS } from './moneymailru-api.js';
import {
  MONEYMAILRU_ENV,
  type MoneyMailRuConfig,
  moneyMailRuConfig,
  moneyMailRuProblems,
} from './moneymailru-config.js';
import { createFakeMoneyMailRu } from './moneymailru-fake.js';

/** Where the development fake is served on this server. */
const DEV_FAKE_PATH = '/dev/moneymailru';

/**
 * Money.Mail.Ru, for the games whose catalog sets `Store.MoneyMailRuEnabled`: a signed light
 * payment form per order, paid in Money.Mail.Ru's window framed by the portal, confirmed by
 * notifications signed with the shop's secret. In development without keys, a fake
 * Money.Mail.Ru on this server (/dev/moneymailru) takes the payments, so a developer pays offline.
 */
export const moneyMailRuDescriptor: ProviderDescriptor<MoneyMailRuConfig, typeof MONEYMAILRU_ENV, MoneyMailRuProvider> =
  {
    storeFlag: 'MoneyMailRuEnabled',
    env: MONEYMAILRU_ENV,
    problems: moneyMailRuProblems,
    settings: moneyMailRuConfig,
    create(settings, deps) {
      if (settings.hosts) return createMoneyMailRuProvider(settings, { hosts: settings.hosts });
      const base = `${deps.config.publicUrl}${DEV_FAKE_PATH}`;
      const devFake = createFakeMoneyMailRu({
        shopId: settings.shopId,
        secretKey: settings.secretKeys[0] ?? '',
        apiKey: settings.apiKey,
        publicBase: () => base,
        notify: async ({ body, headers }) => ({
          status: await deps.postToOwnWebhook(body, headers),
          text: '',
        }),
      });
      return createMoneyMailRuProvider(settings, { hosts: { pay: base, api: base }, devFake });
    },
    devRoutes: (provider) => async (app) => {
      if (provider.devFake) await app.register(provider.devFake.routes, { prefix: DEV_FAKE_PATH });
    },
    // The window is a frame of the portal; a fake elsewhere (tests) is framed from its own origin.
    cspOf: (settings) => ({
      frameSrc: [...MONEYMAILRU_WINDOW_ORIGINS, ...(settings.hosts ? [new URL(settings.hosts.pay).origin] : [])],
    }),
    // The portal takes window messages from Money.Mail.Ru's three hosts, and from a fake's origin.
    pageConfigOf: (settings, config) => {
      const pay = settings.hosts?.pay ?? config.publicUrl;
      const origin = new URL(pay).origin;
      return (MONEYMAILRU_WINDOW_ORIGINS as readonly string[]).includes(origin) ? {} : { MoneyMailRuOrigins: [origin] };
    },
  };
