import { SdkError } from '@fxid/sdk/host';

/** Spec store §1: the error for an adapter name no platform answers to, and for an adapter not built yet. */
export const unsupportedAdapterMessage = (platform: string) => `Unsupported adapter for ${platform}`;

/** An adapter name outside the spec's fifteen: the portal says so rather than falling back to fxid. */
export class UnsupportedAdapterError extends SdkError {
  constructor(readonly adapter: string) {
    super('unsupported', unsupportedAdapterMessage(adapter));
    this.name = 'UnsupportedAdapterError';
  }
}

/** A call the platform does not have at all (e.g. rating on VK). */
export function unsupported(what: string): SdkError {
  return new SdkError('unsupported', `${what} is not supported on this platform`);
}

/** A feature the platform has but that is off here (no ad network on the own site). */
export function notAvailable(what: string): SdkError {
  return new SdkError('not_available', `${what} is not available on this platform`);
}

/** An adapter method for a call the platform does not have: every call rejects with `unsupported`. */
export const unsupportedCall = (what: string) => async (): Promise<never> => {
  throw unsupported(what);
};

/** An adapter method for a feature that is off here: every call rejects with `not_available`. */
export const notAvailableCall = (what: string) => async (): Promise<never> => {
  throw notAvailable(what);
};
