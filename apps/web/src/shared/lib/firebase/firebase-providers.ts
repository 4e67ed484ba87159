import type { CompanyBranding } from '@fxid/contract';

/** The sign-in providers that go through Firebase Auth (catalog names). */
export const FIREBASE_LOGIN_PROVIDERS = ['google', 'apple', 'facebook'] as const;
export type LoginProvider = (typeof FIREBASE_LOGIN_PROVIDERS)[number];

/** Firebase's id of each provider. */
export const FIREBASE_PROVIDER_IDS: Record<LoginProvider, string> = {
  google: 'google.com',
  apple: 'apple.com',
  facebook: 'facebook.com',
};

/** Brand names, written as the brands write them in every language. */
export const PROVIDER_BRAND_NAMES: Record<LoginProvider, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
};

/** The providers this deployment has set up: the Firebase ones once the company names its Firebase app. */
export function configuredProviders(branding: Pick<CompanyBranding, 'FirebaseOptions'>): readonly LoginProvider[] {
  return branding.FirebaseOptions ? FIREBASE_LOGIN_PROVIDERS : [];
}

/**
 * The providers the company allows (catalog names, any case) and this deployment set up,
 * in the order allowed.
 */
export function allowedProviders(allowed: readonly string[], configured: readonly LoginProvider[]): LoginProvider[] {
  const offered = allowed
    .map((provider) => provider.toLowerCase())
    .filter((provider): provider is LoginProvider => (configured as readonly string[]).includes(provider));
  return [...new Set(offered)];
}
