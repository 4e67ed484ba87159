import type { PlatformAds } from './adapter.js';
import { notAvailableCall } from './errors.js';

/**
 * The ads of a platform with no ad network for games: nothing is ever ready, and every show or
 * hide rejects with `not_available`, naming the video, the interstitial and the banner ads as given.
 */
export function noAds(video: string, interstitial = video, banner = interstitial): PlatformAds {
  return {
    isVideoReady: async () => false,
    showVideo: notAvailableCall(video),
    isInterstitialReady: async () => false,
    showInterstitial: notAvailableCall(interstitial),
    showBanner: notAvailableCall(banner),
    hideBanner: notAvailableCall(banner),
  };
}
