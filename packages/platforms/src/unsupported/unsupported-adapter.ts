import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, AdapterName, PlatformAdapter } from '../adapter.js';
import { ADAPTER_PLATFORMS } from '../adapter.js';
import { unsupportedAdapterMessage } from '../errors.js';

/**
 * A platform whose adapter is not built yet: the portal around the game still works
 * (documents, support, language), but every platform call answers the spec's
 * 'Unsupported adapter for {platform}' and the game is told no abilities and no
 * payments. Nothing pretends.
 */
export function unsupportedAdapter(name: AdapterName): AdapterFactory {
  const platform = ADAPTER_PLATFORMS[name];
  const fail = async (): Promise<never> => {
    throw new SdkError('unsupported', unsupportedAdapterMessage(platform));
  };
  return (): PlatformAdapter => ({
    name,
    platform,
    abilities: [],
    paymentsAvailable: false,
    init: async () => undefined,
    socialProfile: () => null,
    signInPayload: () => null,
    friends: fail,
    invite: fail,
    share: fail,
    joinCommunity: fail,
    addToFavourites: fail,
    ads: {
      isVideoReady: async () => false,
      showVideo: fail,
      isInterstitialReady: async () => false,
      showInterstitial: fail,
      showBanner: fail,
      hideBanner: fail,
    },
    review: { canReview: async () => ({ canReview: false, reason: 'unsupported' }), request: fail, info: fail },
    lifecycle: { loadingReady: () => undefined, gameplayStart: () => undefined, gameplayStop: () => undefined },
    onHostEvent: () => () => undefined,
    purchase: fail,
    vendorCall: fail,
  });
}
