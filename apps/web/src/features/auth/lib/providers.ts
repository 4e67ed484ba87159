/**
 * Sign-in providers besides email that the login modal can offer. Each arrives with
 * its own issue (Google, Apple, Facebook, VK ID); until then none is offered, even
 * when the company allows it.
 */
export const IMPLEMENTED_PROVIDERS: readonly string[] = [];

/** The 'Other ways to sign in' of the modal: allowed by the options (or the company) and implemented. */
export function offeredProviders(allowed: readonly string[], implemented = IMPLEMENTED_PROVIDERS): string[] {
  return allowed.filter((provider) => provider !== 'Email' && implemented.includes(provider));
}

/** Refuses a provider the modal does not know (spec §5 wording). */
export function assertProviderSupported(provider: string, implemented = IMPLEMENTED_PROVIDERS): void {
  if (provider !== 'Email' && !implemented.includes(provider)) {
    throw new Error(`Login provider ${provider} is not supported.`);
  }
}
