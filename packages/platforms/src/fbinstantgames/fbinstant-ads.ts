import type { AdResult } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
import type { AdapterContext, PlatformAds } from '../adapter.js';
import { notAvailable } from '../errors.js';
import { type FbInstant, fbErrorCode, fbErrorText } from './fbinstant-sdk.js';

/**
 * Instant Games ads (platform-protocols.md §13c): an ad instance per placement, loaded then
 * shown; the placement ids are the game's (catalog Advertisement.FacebookInstant). Without one,
 * that kind of ad is Failed without asking Facebook, as with Yandex's block ids.
 */
export function fbInstantAds(context: AdapterContext, sdk: () => FbInstant | null): PlatformAds {
  const placements = () => context.portal.advertisement().FacebookInstant;
  const show = async (kind: 'video' | 'interstitial'): Promise<AdResult> => {
    const fb = sdk();
    if (!fb) throw notAvailable('Instant Games advertising');
    const ids = placements();
    const placement = kind === 'video' ? ids?.RewardedPlacementId : ids?.InterstitialPlacementId;
    if (!placement) {
      context.log(`no Instant Games ${kind === 'video' ? 'rewarded' : 'interstitial'} placement id: Failed`);
      return { outcome: 'Failed' };
    }
    try {
      const ad = await (kind === 'video' ? fb.getRewardedVideoAsync(placement) : fb.getInterstitialAdAsync(placement));
      await ad.loadAsync();
      await ad.showAsync();
      return { outcome: 'Finished' };
    } catch (error) {
      context.log('Instant Games ad did not finish', fbErrorText(error));
      // The player closed the ad before its end: skipped; no fill, too frequent, …: no ad, so Failed.
      return { outcome: fbErrorCode(error) === 'USER_INPUT' ? 'Skipped' : 'Failed' };
    }
  };
  const ready = async (kind: 'video' | 'interstitial') => {
    const ids = placements();
    return !!sdk() && !!(kind === 'video' ? ids?.RewardedPlacementId : ids?.InterstitialPlacementId);
  };
  return {
    isVideoReady: () => ready('video'),
    showVideo: () => show('video'),
    isInterstitialReady: () => ready('interstitial'),
    showInterstitial: () => show('interstitial'),
    // Facebook places the banner itself (bottom of the game); the position is not the call's.
    showBanner: async () => {
      const fb = sdk();
      const placement = placements()?.BannerPlacementId;
      if (!fb?.loadBannerAdAsync || !placement) throw notAvailable('The Instant Games banner');
      await fb.loadBannerAdAsync(placement).catch((error: unknown) => {
        throw new SdkError('not_available', `Facebook shows no banner: ${fbErrorText(error)}`);
      });
    },
    hideBanner: async () => {
      const fb = sdk();
      if (!fb?.hideBannerAdAsync) throw notAvailable('The Instant Games banner');
      await fb.hideBannerAdAsync();
    },
  };
}
