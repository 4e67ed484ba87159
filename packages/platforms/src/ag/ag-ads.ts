import type { AdResult } from '@fxid/sdk/host';
import type { PlatformAds } from '../adapter.js';
import type { notAvailable } from '../errors.js';
import { AG_MESSAGES, type AgWire } from './ag-wire.js';

/** What ShowCampaign reports (platform-protocols.md §5): `{ type, status, reward }`. */
type CampaignReport = { type?: unknown; status?: unknown; reward?: unknown } | null;

/**
 * Absolute Games' ads are its campaigns: `showCampaign('default')` for an interstitial and
 * `'rewarded'` for a rewarded video. A campaign shown to the end is Finished (a rewarded one
 * only with its reward), one closed early Skipped, a host error Failed. AG has no banners.
 */
export function agAds(wire: () => AgWire, unavailable: typeof notAvailable): PlatformAds {
  const show = async (type: 'default' | 'rewarded'): Promise<AdResult> => {
    const [report, error] = await wire().call(AG_MESSAGES.showCampaign, type);
    if (error) return { outcome: 'Failed' };
    const campaign = report as CampaignReport;
    if (campaign?.status !== true) return { outcome: 'Skipped' };
    return type === 'rewarded' && !campaign.reward ? { outcome: 'Skipped' } : { outcome: 'Finished' };
  };
  return {
    isVideoReady: async () => !!wire(),
    showVideo: () => show('rewarded'),
    isInterstitialReady: async () => !!wire(),
    showInterstitial: () => show('default'),
    showBanner: async () => {
      throw unavailable('Banner ads');
    },
    hideBanner: async () => {
      throw unavailable('Banner ads');
    },
  };
}
