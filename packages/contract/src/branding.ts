import type { CompanyBranding } from './games.js';

/**
 * The company branding until an operator configures one: what the server answers for an
 * unconfigured deployment, and what the portal shows while the real one loads or when no
 * game is published. One value for both, so the two never disagree. Free of zod, so the
 * portal's first load takes it from here (`@fxid/contract/branding`) without the schema library.
 */
export const DEFAULT_BRANDING: CompanyBranding = {
  CompanyName: 'fxid',
  BrandName: 'fxid',
  Logos: { CompanyLogo: '/brand/logo.svg', BrandLogo: '/brand/logo.svg', WebPlayerLogo: '/brand/logo.svg' },
  HeaderElementType: 'BrandName',
  ThemeType: 'Dark',
  Auth: { AllowedAuthProviders: ['email'] },
  Adapters: {},
  LegalContacts: {},
};
