import type { Photo } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, HostEvent, PlatformAdapter, SocialProfile, SocialSignIn } from '../adapter.js';
import { unsupportedCall } from '../errors.js';
import { fbInstantAds } from './fbinstant-ads.js';
import { fbInstantPurchases } from './fbinstant-purchases.js';
import { type FbInstant, fbErrorCode, fbErrorText, initFbInstant } from './fbinstant-sdk.js';
import { fbInstantStorage } from './fbinstant-storage.js';
import { shareImage } from './share-image.js';

/** Where Facebook serves the Instant Games SDK (platform-protocols.md §13c). */
export const FB_INSTANT_SDK_URL = 'https://connect.facebook.net/en_US/fbinstant.7.1.js';

/**
 * Facebook Instant Games through FBInstant, loaded in init() from the page config's URL: the
 * player signs in on our server with the SignedPlayerInfo (a signed_request checked with the
 * game's app secret); purchases run through FBInstant.payments once onReady fired, are checked
 * on our server and consumed after; ads are Facebook's placements; invites choose a context;
 * sharing is shareAsync. Friends, communities, favourites and rating do not exist there.
 */
export const fbInstantAdapter: AdapterFactory = (context): PlatformAdapter => {
  const framed = typeof window !== 'undefined' && window.parent !== window;
  const listeners = new Set<(event: HostEvent) => void>();
  let sdk: FbInstant | null = null;
  let signature: string | null = null;
  let paymentsReady = false;

  const requireSdk = (): FbInstant => {
    if (!sdk) throw new SdkError('not_available', 'This page was not launched by Facebook Instant Games');
    return sdk;
  };
  const purchases = fbInstantPurchases(context, requireSdk, () => paymentsReady);
  const saves = fbInstantStorage(() => requireSdk().player);

  return {
    name: 'fbinstantgames',
    platform: 'FacebookInstantGames',
    get abilities() {
      return sdk ? (['FriendsInvite', 'AdsAvailable'] as const) : [];
    },
    get paymentsAvailable() {
      return !!sdk && !!signature;
    },
    async init() {
      if (!framed) {
        context.log('not framed by Facebook: the Instant Games adapter answers not_available');
        return;
      }
      const fb = await initFbInstant(context.scriptUrls.fbinstantgames ?? FB_INSTANT_SDK_URL);
      fb.payments.onReady(() => {
        paymentsReady = true;
      });
      fb.onPause(() => emit({ type: 'pause' }));
      // The portal is loaded: Facebook hides its loading screen; player and purchases are usable after this.
      fb.setLoadingProgress(100);
      await fb.startGameAsync();
      sdk = fb;
      try {
        signature = (await fb.player.getSignedPlayerInfoAsync()).getSignature();
      } catch (error) {
        context.log('Facebook gave no signed player info: the player is not signed in', fbErrorText(error));
      }
    },
    socialProfile(): SocialProfile {
      const name = sdk?.player.getName() ?? '';
      const photoUrl = sdk?.player.getPhoto();
      // Facebook names no size for the player's photo; it serves a square (UNCONFIRMED size).
      const photo: Photo | null = photoUrl ? { url: photoUrl, width: 200, height: 200 } : null;
      return {
        userId: sdk?.player.getID() ?? null,
        displayName: name,
        firstName: name.split(' ')[0] ?? '',
        lastName: name.split(' ').slice(1).join(' '),
        photo,
        gender: 'unspecified',
        // Facebook says en_US; the portal's locales are language codes.
        socialLocale: (sdk?.getLocale() ?? context.locale()).split('_')[0]?.toLowerCase() ?? context.locale(),
        socialFlavor: sdk?.getPlatform() ?? '',
      };
    },
    signInPayload: (): SocialSignIn | null =>
      signature ? { Social: 'FacebookInstantGames', FacebookInstantGamesLogin: { Signature: signature } } : null,
    settlePendingPurchases: async () => {
      if (sdk && signature) await purchases.settlePending();
    },
    // Instant Games lists no friends (removed in SDK 8), and has no communities, favourites or ratings.
    friends: unsupportedCall('The friends list'),
    async invite() {
      const fb = requireSdk();
      try {
        await fb.context.chooseAsync();
      } catch (error) {
        throw new SdkError('cancelled', `The player chose nobody to play with: ${fbErrorText(error)}`);
      }
      const me = fb.player.getID();
      const players = (await fb.context.getPlayersAsync?.().catch(() => [])) ?? [];
      return { invitedIds: players.map((player) => player.getID()).filter((id) => id !== me) };
    },
    async share(link, text) {
      const fb = requireSdk();
      try {
        await fb.shareAsync({ intent: 'SHARE', image: shareImage(text ?? ''), text: text ?? '', data: { link } });
        return { shared: true };
      } catch (error) {
        if (fbErrorCode(error) === 'USER_INPUT') return { shared: false };
        throw new SdkError('not_available', `Facebook did not share: ${fbErrorText(error)}`);
      }
    },
    joinCommunity: unsupportedCall('Joining a community'),
    addToFavourites: unsupportedCall('Adding to favourites'),
    ads: fbInstantAds(context, () => sdk),
    review: {
      canReview: async () => ({ canReview: false, reason: 'unsupported' }),
      request: unsupportedCall('Rating the game'),
      info: async () => ({ reviewed: false }),
    },
    // The loading screen was lifted at start; Facebook has no gameplay signals.
    lifecycle: { loadingReady: () => undefined, gameplayStart: () => undefined, gameplayStop: () => undefined },
    onHostEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Instant Games' player data, once FBInstant answers (the catalog's CloudSaves decides whether it is used).
    get storage() {
      return sdk?.player.getDataAsync && sdk.player.setDataAsync ? saves : undefined;
    },
    purchase: async (sku, developerPayload) => {
      requireSdk();
      if (!signature) throw new SdkError('guest', 'Buying needs a signed-in player');
      return purchases.purchase(sku, developerPayload);
    },
  };

  function emit(event: HostEvent) {
    for (const listener of listeners) listener(event);
  }
};
