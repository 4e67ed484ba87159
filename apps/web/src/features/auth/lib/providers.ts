import type { CompanyBranding } from '@fxid/contract';

/** The providers besides email the login modal can sign in with (catalog names): each through Firebase Auth. */
export const FIREBASE_LOGIN_PROVIDERS = ['google', 'apple', 'facebook'] as const;
export type LoginProvider = (typeof FIREBASE_LOGIN_PROVIDERS)[number];

/** Firebase's id of each provider. */
export const FIREBASE_PROVIDER_IDS: Record<LoginProvider, string> = {
  google: 'google.com',
  apple: 'apple.com',
  facebook: 'facebook.com',
};

/** The providers this deployment has set up: the Firebase ones once the company names its Firebase app. */
export function configuredProviders(branding: Pick<CompanyBranding, 'FirebaseOptions'>): readonly LoginProvider[] {
  return branding.FirebaseOptions ? FIREBASE_LOGIN_PROVIDERS : [];
}

/**
 * The 'Other ways to sign in' of the modal: allowed by the options (or the company) and set up
 * here, in the order allowed. Catalog names are matched in any case (`Google`, `google`).
 */
export function offeredProviders(allowed: readonly string[], configured: readonly LoginProvider[]): LoginProvider[] {
  const offered = allowed
    .map((provider) => provider.toLowerCase())
    .filter((provider): provider is LoginProvider => (configured as readonly string[]).includes(provider));
  return [...new Set(offered)];
}

/** Refuses a provider the modal does not know (spec §5 wording). */
export function assertProviderSupported(provider: string): asserts provider is LoginProvider {
  if (!(FIREBASE_LOGIN_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`Login provider ${provider} is not supported.`);
  }
}
