import type { AdResult } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
import type { AdapterContext, PlatformAds } from '../adapter.js';
import { notAvailable } from '../errors.js';
import type { YaSdk } from './yandex-sdk.js';
import { yandexErrorText } from './yandex-sdk.js';

/**
 * Yandex's ads (ysdk.adv): rewarded video, fullscreen (interstitial) and the sticky
 * banner. Spec store §4–§5: the game's Yandex desktop or mobile ad block id (by device)
 * must exist, else the ad is Failed without asking Yandex.
 */
export function yandexAds(context: AdapterContext, sdk: () => YaSdk | null): PlatformAds {
  const blockId = () => {
    const ads = context.portal.advertisement().Yandex;
    return sdk()?.deviceInfo?.type === 'desktop' ? ads?.DesktopBlockId : ads?.MobileBlockId;
  };
  const ready = async () => !!sdk() && !!blockId();
  /** Runs one of Yandex's callback-style ads to its end. */
  const show = (kind: 'video' | 'interstitial'): Promise<AdResult> => {
    const ysdk = sdk();
    if (!ysdk) return Promise.reject(notAvailable('Yandex advertising'));
    if (!blockId()) {
      context.log(`no Yandex ${ysdk.deviceInfo?.type === 'desktop' ? 'desktop' : 'mobile'} ad block id: Failed`);
      return Promise.resolve({ outcome: 'Failed' });
    }
    return new Promise((resolve) => {
      const failed = (error?: unknown) => {
        context.log('Yandex ad failed', yandexErrorText(error ?? 'offline'));
        resolve({ outcome: 'Failed' });
      };
      if (kind === 'video') {
        let rewarded = false;
        ysdk.adv.showRewardedVideo({
          callbacks: {
            onRewarded: () => {
              rewarded = true;
            },
            // Closed before the reward: skipped.
            onClose: () => resolve({ outcome: rewarded ? 'Finished' : 'Skipped' }),
            onError: failed,
          },
        });
      } else {
        ysdk.adv.showFullscreenAdv({
          callbacks: {
            // Not shown at all (too soon after the last one, no fill): no ad, so Failed.
            onClose: (wasShown) => resolve({ outcome: wasShown === false ? 'Failed' : 'Finished' }),
            onError: failed,
            onOffline: () => failed(),
          },
        });
      }
    });
  };
  const banner = async (what: 'showBannerAdv' | 'hideBannerAdv') => {
    const call = sdk()?.adv[what];
    if (!call) throw notAvailable('The Yandex sticky banner');
    const status = await call();
    if (what === 'showBannerAdv' && status?.stickyAdvIsShowing === false) {
      throw new SdkError('not_available', `Yandex shows no sticky banner: ${status.reason ?? 'UNKNOWN'}`);
    }
  };
  return {
    isVideoReady: ready,
    showVideo: () => show('video'),
    isInterstitialReady: ready,
    showInterstitial: () => show('interstitial'),
    // Where the sticky banner sits is the game's setting in the Yandex console, not the call's.
    showBanner: () => banner('showBannerAdv'),
    hideBanner: () => banner('hideBannerAdv'),
  };
}
