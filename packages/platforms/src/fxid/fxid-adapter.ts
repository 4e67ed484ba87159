import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, PlatformAdapter, PortalFeatures } from '../adapter.js';
import { unsupported } from '../errors.js';
import { noAds } from '../no-ads.js';

const fail = (error: () => SdkError) => async (): Promise<never> => {
  throw error();
};

/** Friends live on the player's portal account, so a guest gets a typed `guest` error. */
function requirePlayer(portal: PortalFeatures, what: string): void {
  if (!portal.isSignedIn()) throw new SdkError('guest', `${what} needs a signed-in player`);
}

/**
 * The portal's own site (fxid): the player signs in with the portal's login modal,
 * buys through its web checkout, has portal friends and shares through its link
 * share modal. No ad network and no rating here; no vendor client to load.
 */
export const fxidAdapter: AdapterFactory = ({ portal }): PlatformAdapter => ({
  name: 'fxid',
  platform: 'FxId',
  abilities: ['FriendsList', 'FriendsInvite'],
  // Told as before the platform layer; the web checkout is the store's, not a platform payment.
  paymentsAvailable: false,
  init: async () => undefined,
  socialProfile: () => null,
  signInPayload: () => null,
  friends: async () => {
    requirePlayer(portal, 'The friends list');
    return portal.friends();
  },
  invite: async () => {
    requirePlayer(portal, 'Inviting friends');
    await portal.inviteLink();
    // The link is shared outside the portal: who follows it is not known here.
    return { invitedIds: [] };
  },
  share: async (link, text) => {
    portal.shareLink(link, text);
    return { shared: true };
  },
  joinCommunity: fail(() => unsupported('Joining a community')),
  addToFavourites: fail(() => unsupported('Adding to favourites')),
  // The own site runs no ad network (capability AdsAvailable is off).
  ads: noAds('Rewarded video', 'Interstitial advertising', 'Banner advertising'),
  review: {
    canReview: async () => ({ canReview: false, reason: 'unsupported' }),
    request: fail(() => unsupported('Rating the game')),
    info: async () => ({ reviewed: false }),
  },
  lifecycle: { loadingReady: () => undefined, gameplayStart: () => undefined, gameplayStop: () => undefined },
  // The portal's page itself raises pause, resume and focus (tab visibility, window focus).
  onHostEvent: () => () => undefined,
  purchase: async (sku, developerPayload) => ({
    kind: 'completed',
    result: await portal.checkout(sku, developerPayload),
  }),
});
