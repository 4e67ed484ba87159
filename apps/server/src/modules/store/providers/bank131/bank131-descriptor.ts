import { portalRouteUrl } from '../../../../http/portal-urls.js';
import type { ProviderDescriptor } from '../provider-descriptor.js';
import { type Bank131Provider, createBank131Provider } from './bank131.js';
import { BANK131_ENV, type Bank131Config, bank131Config, bank131Problems } from './bank131-config.js';
import { bank131Routes } from './bank131-routes.js';

/** The offline development bank's addresses on this server (dev-hosts' /dev/bank131). */
function offlineAt(settings: Bank131Config, publicUrl: string): Bank131Config {
  const base = publicUrl.replace(/\/$/, '');
  return { ...settings, apiBase: `${base}${settings.apiBase}`, widgetUrl: `${base}${settings.widgetUrl}` };
}

/**
 * Bank131 (or Smart Glocal), for the games whose catalog sets `Store.Bank131Enabled`: a
 * session per order, paid on the portal's card payment form page `/{token}` with the bank's
 * card widget, the saved card, or SBP; signed both ways with RSA keys.
 */
export const bank131Descriptor: ProviderDescriptor<Bank131Config, typeof BANK131_ENV, Bank131Provider> = {
  storeFlag: 'Bank131Enabled',
  env: BANK131_ENV,
  problems: bank131Problems,
  settings: (env, mode, { listed }) => bank131Config(env, mode, listed),
  create: (settings, deps) =>
    createBank131Provider(settings.offline ? offlineAt(settings, deps.config.publicUrl) : settings, {
      db: deps.db,
      now: deps.now,
      formUrl: (token, publicOrderId) =>
        `${portalRouteUrl(deps.config, token)}?PublicId=${encodeURIComponent(publicOrderId)}`,
    }),
  routes: bank131Routes,
  // The bank's card widget: its script, and the bank it sends the card to.
  cspOf: (settings) => {
    // The offline development bank is this server: 'self' covers it.
    if (settings.offline) return {};
    const widget = new URL(settings.widgetUrl).origin;
    return { scriptSrc: [widget], connectSrc: [widget, settings.apiBase], frameSrc: [widget] };
  },
  checkoutIdPattern: /\bb131_[\w-]+/g,
};
