import type { ProviderDescriptor } from '../provider-descriptor.js';
import { type AghanimProvider, createAghanimProvider } from './aghanim.js';
import { AGHANIM_ENV, type AghanimConfig, aghanimConfig, aghanimProblems } from './aghanim-config.js';
import { createFakeAghanim } from './aghanim-fake.js';
import { aghanimStatusRoutes } from './aghanim-status-routes.js';

/** Where the development fake is served on this server. */
const DEV_FAKE_PATH = '/dev/aghanim';

/**
 * Aghanim, for the games whose catalog sets `Store.AghanimEnabled`: an order per fxid order,
 * paid on Aghanim's checkout in a new tab while the portal polls /store/aghanim/payment/status,
 * confirmed by webhooks signed with the webhook secret. In development without keys, a fake
 * Aghanim on this server (/dev/aghanim) takes the orders, so a developer pays offline.
 */
export const aghanimDescriptor: ProviderDescriptor<AghanimConfig, typeof AGHANIM_ENV, AghanimProvider> = {
  storeFlag: 'AghanimEnabled',
  env: AGHANIM_ENV,
  problems: aghanimProblems,
  settings: aghanimConfig,
  create(settings, deps) {
    if (settings.apiBase) return createAghanimProvider(settings, { apiBase: settings.apiBase });
    const base = `${deps.config.publicUrl}${DEV_FAKE_PATH}`;
    const devFake = createFakeAghanim({
      apiKey: settings.apiKey,
      webhookSecret: settings.webhookSecrets[0] ?? '',
      sandbox: true,
      publicBase: () => base,
      notify: ({ body, headers }) => deps.postToOwnWebhook(body, headers),
    });
    return createAghanimProvider(settings, { apiBase: base, devFake });
  },
  apiRoutes: aghanimStatusRoutes,
  devRoutes: (provider) => async (app) => {
    if (provider.devFake) await app.register(provider.devFake.routes, { prefix: DEV_FAKE_PATH });
  },
};
