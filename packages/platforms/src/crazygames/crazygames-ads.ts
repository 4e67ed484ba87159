import type { AdResult } from '@fxid/sdk/host';
import type { AdapterContext, PlatformAds } from '../adapter.js';
import { notAvailable } from '../errors.js';
import { type CgSdk, crazyGamesErrorText } from './crazygames-sdk.js';

/** The one responsive banner container the portal asks CrazyGames to fill. */
export const CRAZYGAMES_BANNER_ID = 'fxid-crazygames-banner';

/**
 * CrazyGames' ads (SDK.ad.requestAd): `rewarded` for the game's video, `midgame` for its
 * interstitial; the responsive banner in a container the portal places at the page's top
 * or bottom. An ad that errors (unfilled, adblock) is Failed, never an exception.
 */
export function crazyGamesAds(context: AdapterContext, sdk: () => CgSdk | null): PlatformAds {
  const show = (kind: 'rewarded' | 'midgame'): Promise<AdResult> => {
    const cg = sdk();
    if (!cg) return Promise.reject(notAvailable('CrazyGames advertising'));
    return new Promise((resolve) => {
      cg.ad.requestAd(kind, {
        adFinished: () => resolve({ outcome: 'Finished' }),
        adError: (error) => {
          context.log(`CrazyGames ${kind} ad failed`, crazyGamesErrorText(error));
          resolve({ outcome: 'Failed' });
        },
      });
    });
  };
  const ready = async () => {
    const cg = sdk();
    return !!cg && !(await cg.ad.hasAdblock().catch(() => false));
  };
  return {
    isVideoReady: ready,
    showVideo: () => show('rewarded'),
    isInterstitialReady: ready,
    showInterstitial: () => show('midgame'),
    showBanner: async (position) => {
      const cg = sdk();
      if (!cg) throw notAvailable('The CrazyGames banner');
      let container = document.getElementById(CRAZYGAMES_BANNER_ID);
      if (!container) {
        container = document.createElement('div');
        container.id = CRAZYGAMES_BANNER_ID;
        container.style.cssText =
          'position:fixed;left:0;right:0;height:90px;z-index:5;display:flex;justify-content:center';
        document.body.append(container);
      }
      container.style.top = position === 'top' ? '0' : '';
      container.style.bottom = position === 'bottom' ? '0' : '';
      await cg.banner.requestResponsiveBanner(CRAZYGAMES_BANNER_ID);
    },
    hideBanner: async () => {
      sdk()?.banner.clearBanner(CRAZYGAMES_BANNER_ID);
      document.getElementById(CRAZYGAMES_BANNER_ID)?.remove();
    },
  };
}
