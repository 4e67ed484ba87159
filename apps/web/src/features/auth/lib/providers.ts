import {
  allowedProviders,
  FIREBASE_LOGIN_PROVIDERS,
  type LoginProvider,
} from '../../../shared/lib/firebase/firebase-providers';

export { offeredVkId } from '../../../shared/lib/vkid/vkid-offer';

/** The 'Other ways to sign in' of the modal: allowed by the options (or the company) and set up here. */
export const offeredProviders = allowedProviders;

/** Refuses a provider the modal does not know (spec §5 wording). */
export function assertProviderSupported(provider: string): asserts provider is LoginProvider {
  if (!(FIREBASE_LOGIN_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`Login provider ${provider} is not supported.`);
  }
}
