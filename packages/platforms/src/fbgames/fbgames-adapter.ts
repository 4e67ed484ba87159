import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, HostEvent, PlatformAdapter, SocialProfile, SocialSignIn } from '../adapter.js';
import { unsupportedCall } from '../errors.js';
import { noAds } from '../no-ads.js';
import { FB_USER_CANCELLED, type FbSdk, type FbUiResponse, fbUi, loadFbSdk, login, loginStatus } from './fb-sdk.js';

/** Where Facebook serves its JS SDK. */
export const FB_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';

/**
 * Facebook Games (canvas) through Facebook's JS SDK, loaded in init() from the page config's URL
 * and initialised with the launch's `app_id`: a player who authorized the app signs in on our server
 * with the login status's signed_request; one who has not is a guest until FB.login. Purchases open
 * the FB.ui pay dialog with our product's Open Graph page and a reference from our server; Facebook's
 * signed webhook completes them there, and the portal then finds the order by the reference.
 */
export const fbGamesAdapter: AdapterFactory = (context): PlatformAdapter => {
  const appId = new URLSearchParams(context.launchQuery).get('app_id') ?? '';
  const framed = typeof window !== 'undefined' && window.parent !== window;
  const listeners = new Set<(event: HostEvent) => void>();
  let fb: FbSdk | null = null;
  let signedRequest: string | null = null;
  let userId: string | null = null;

  const requireFb = (): FbSdk => {
    if (!fb) throw new SdkError('not_available', 'This page was not launched by Facebook Games');
    return fb;
  };
  const take = (status: { status: string; authResponse?: { userID: string; signedRequest: string } | null }) => {
    const connected = status.status === 'connected' && status.authResponse;
    signedRequest = connected ? (status.authResponse?.signedRequest ?? null) : null;
    userId = connected ? (status.authResponse?.userID ?? null) : null;
  };
  const payload = (): SocialSignIn | null =>
    signedRequest ? { Social: 'FacebookGames', FacebookGamesLogin: { SignedRequest: signedRequest } } : null;
  /** A dialog's error as the game sees it. */
  const dialogError = (what: string, response: FbUiResponse | undefined) =>
    !response || response.error_code === FB_USER_CANCELLED
      ? new SdkError('cancelled', `UserCancelled: the player closed Facebook's ${what} dialog`)
      : new SdkError('payment_not_completed', `Unknown: ${response.error_message ?? response.error_code}`);

  return {
    name: 'fbgames',
    platform: 'FacebookGames',
    get abilities() {
      return fb ? (['FriendsInvite'] as const) : [];
    },
    get paymentsAvailable() {
      return !!fb;
    },
    async init() {
      if (!framed || !/^\d{1,20}$/.test(appId)) {
        context.log('not launched by Facebook Games (no frame or app_id): the adapter answers not_available');
        return;
      }
      fb = await loadFbSdk(context.scriptUrls.fbgames ?? FB_SDK_URL, appId);
      take(await loginStatus(fb));
    },
    socialProfile(): SocialProfile {
      return {
        userId,
        displayName: '',
        firstName: '',
        lastName: '',
        photo: null,
        gender: 'unspecified',
        socialLocale: context.locale(),
        socialFlavor: '',
      };
    },
    signInPayload: payload,
    async promptSignIn() {
      const sdk = requireFb();
      if (!signedRequest) take(await login(sdk));
      return payload();
    },
    friends: unsupportedCall('The friends list'),
    async invite(message) {
      const response = await fbUi(requireFb(), { method: 'apprequests', message: message ?? '' });
      const to = response?.to;
      if (!response || response.error_code || !Array.isArray(to)) {
        throw new SdkError('cancelled', 'The player sent no game request');
      }
      return { invitedIds: to.map(String) };
    },
    async share(link) {
      const response = await fbUi(requireFb(), { method: 'share', href: link });
      return { shared: !!response && !response.error_code };
    },
    joinCommunity: unsupportedCall('Joining a community'),
    addToFavourites: unsupportedCall('Adding to favourites'),
    // Facebook's canvas has no ad API for games.
    ads: noAds('Ads on Facebook Games'),
    review: {
      canReview: async () => ({ canReview: false, reason: 'unsupported' }),
      request: unsupportedCall('Rating the game'),
      info: async () => ({ reviewed: false }),
    },
    lifecycle: { loadingReady: () => undefined, gameplayStart: () => undefined, gameplayStop: () => undefined },
    onHostEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async purchase(sku, developerPayload) {
      const sdk = requireFb();
      const started = await context.portal.platformPayment(sku, developerPayload);
      const block = started.FacebookGames;
      if (!block) throw new SdkError('payment_not_completed', 'Our server gave no Facebook pay dialog to open');
      const response = await fbUi(sdk, {
        method: 'pay',
        action: 'purchaseitem',
        product: block.ProductOgUrl,
        quantity: 1,
        request_id: block.RequestId,
      });
      if (!response || response.error_code) throw dialogError('payment', response);
      if (response.status === 'failed') throw new SdkError('payment_not_completed', 'Payment not completed');
      // The dialog's word proves nothing: the portal waits for the order Facebook's webhook makes.
      return { kind: 'platform-order', sku, externalOrderId: started.OrderId };
    },
  };
};
