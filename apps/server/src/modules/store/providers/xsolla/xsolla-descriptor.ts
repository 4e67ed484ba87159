import type { ProviderDescriptor } from '../provider-descriptor.js';
import { createXsollaProvider } from './xsolla.js';
import { XSOLLA_ENV, type XsollaConfig, xsollaConfig, xsollaProblems } from './xsolla-config.js';

/**
 * Xsolla Pay Station, for the games whose catalog sets `Store.XsollaEnabled`: a token per
 * order, paid in Xsolla's embed widget (1.2.9, shipped with the portal) or by redirect,
 * confirmed by notifications signed with the project's secret key.
 */
export const xsollaDescriptor: ProviderDescriptor<XsollaConfig, typeof XSOLLA_ENV> = {
  storeFlag: 'XsollaEnabled',
  env: XSOLLA_ENV,
  problems: xsollaProblems,
  settings: (env, mode) => xsollaConfig(env, mode),
  create: (settings, deps) => createXsollaProvider(settings, { db: deps.db }),
  // The widget is served by the portal itself; Pay Station opens in its frame or its own window.
  csp: { frameSrc: ['https://secure.xsolla.com', 'https://sandbox-secure.xsolla.com'] },
};
