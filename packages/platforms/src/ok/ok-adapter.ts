import type { AdResult } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, HostEvent, PlatformAdapter, SocialProfile, SocialSignIn } from '../adapter.js';
import { notAvailable, unsupportedCall } from '../errors.js';
import { describe, type Fapi, initFapi, OK_FAPI_URL } from './ok-fapi.js';

/** Spec store §8: what OK's invite answers when the player has no friends to invite. */
export const OK_NO_FRIENDS_TO_INVITE = 'Нет доступных для приглашения друзей';
/** showInvite's text limit (platform-protocols.md §13d). */
const INVITE_TEXT_MAX = 120;

/** The launch parameters OK frames the app with (platform-protocols.md §13d, security.md §2a). */
function parseOkLaunch(query: string) {
  const params = new URLSearchParams(query);
  return {
    userId: params.get('logged_user_id') ?? '',
    apiServer: params.get('api_server') ?? '',
    apiConnection: params.get('apiconnection') ?? '',
    authSig: params.get('auth_sig') ?? '',
  };
}

/**
 * Odnoklassniki through FAPI (fapi5.js, loaded in init() from the page config's URL): the
 * player signs in on our server with the launch query string (its auth_sig is checked there);
 * purchases start on our server (POST /platforms/payment answers showPayment's arguments and
 * a reference), open OK's payment window with FAPI.UI.showPayment, and complete on our server
 * by OK's signed callbacks.payment; the portal then finds the paid order by the reference.
 * Invites and rating are OK's dialogs; ads are OK's rewarded video (loadAd/showLoadedAd) and
 * interstitial (showAd); there is no banner (not_available).
 */
export const okAdapter: AdapterFactory = (context): PlatformAdapter => {
  const launch = parseOkLaunch(context.launchQuery);
  const framed = typeof window !== 'undefined' && window.parent !== window;
  const launched = framed && !!launch.userId && !!launch.authSig && !!launch.apiServer;
  const listeners = new Set<(event: HostEvent) => void>();
  /** The one FAPI.UI call waiting for its API_callback, by method; it answers whether that callback ended the call. */
  const waiting = new Map<string, (result: string, data: unknown) => boolean>();
  let fapi: Fapi | null = null;

  const requireFapi = (): Fapi => {
    if (!launched) throw new SdkError('not_available', 'This page was not launched by Odnoklassniki');
    if (!fapi) throw new SdkError('not_initialized', 'OK FAPI is not initialised');
    return fapi;
  };
  /**
   * Runs a FAPI.UI call and resolves with what API_callback reports for its method: the first
   * report, or the first that `ends` accepts (OK's showAd reports progress before its outcome).
   */
  const ui = (
    method: string,
    call: (api: Fapi) => void,
    ends: (result: string, data: unknown) => boolean = () => true,
  ) =>
    new Promise<{ result: string; data: unknown }>((resolve, reject) => {
      const api = requireFapi();
      if (waiting.has(method)) {
        reject(new SdkError('not_available', `OK's ${method} window is open already`));
        return;
      }
      waiting.set(method, (result, data) => {
        if (!ends(result, data)) return false;
        resolve({ result, data });
        return true;
      });
      try {
        call(api);
      } catch (error) {
        waiting.delete(method);
        reject(new SdkError('not_available', `FAPI.UI.${method} failed: ${describe(error)}`));
      }
    });
  const onCallback = (method: string, result: string, data: unknown) => {
    const settle = waiting.get(method);
    context.log(`OK API_callback ${method}`, { result, data });
    if (settle?.(result, data)) waiting.delete(method);
  };

  /** A rewarded video (platform-protocols.md §13d): loadAd, then showLoadedAd; `complete` is Finished, `skip` Skipped. */
  const showRewarded = async (): Promise<AdResult> => {
    const loaded = await ui('loadAd', (api) => api.UI.loadAd());
    if (loaded.result !== 'ok') {
      context.log('OK has no rewarded video', loaded.data);
      return { outcome: 'Failed' };
    }
    const shown = await ui('showLoadedAd', (api) => api.UI.showLoadedAd());
    const data = describe(shown.data);
    if (shown.result === 'ok' && data === 'complete') return { outcome: 'Finished' };
    if (shown.result === 'ok' && data === 'skip') return { outcome: 'Skipped' };
    return { outcome: 'Failed' };
  };
  /** An interstitial: showAd reports `ready` and `ad_prepared` before `ad_shown`, or an error (`no_ads`, …). */
  const showInterstitial = async (): Promise<AdResult> => {
    const shown = await ui(
      'showAd',
      (api) => api.UI.showAd(),
      (result, data) => result !== 'ok' || !['ready', 'ad_prepared'].includes(describe(data)),
    );
    return { outcome: shown.result === 'ok' && describe(shown.data) === 'ad_shown' ? 'Finished' : 'Failed' };
  };

  return {
    name: 'ok',
    platform: 'Odnoklassniki',
    get abilities() {
      return fapi ? (['FriendsInvite', 'RateApplication', 'AdsAvailable'] as const) : [];
    },
    get paymentsAvailable() {
      return !!fapi;
    },
    async init() {
      if (!launched) {
        context.log('not launched by Odnoklassniki: the OK adapter answers not_available');
        return;
      }
      fapi = await initFapi(context.scriptUrls.ok ?? OK_FAPI_URL, launch, onCallback);
    },
    socialProfile(): SocialProfile {
      return {
        userId: launch.userId || null,
        displayName: '',
        firstName: '',
        lastName: '',
        photo: null,
        gender: 'unspecified',
        socialLocale: context.locale(),
        socialFlavor: '',
      };
    },
    signInPayload: (): SocialSignIn | null =>
      launched ? { Social: 'Odnoklassniki', OdnoklassnikiLogin: { QueryString: context.launchQuery } } : null,
    friends: unsupportedCall('The friends list'),
    invite: async (text) => {
      const { result, data } = await ui('showInvite', (api) =>
        api.UI.showInvite((text ?? '').slice(0, INVITE_TEXT_MAX)),
      );
      if (result === 'ok')
        return {
          invitedIds: describe(data)
            .split(',')
            .filter((id) => /^\d+$/.test(id)),
        };
      if (/friend/i.test(describe(data))) throw new SdkError('not_available', OK_NO_FRIENDS_TO_INVITE);
      throw new SdkError('cancelled', `OK's invite ended: ${describe(data)}`);
    },
    share: unsupportedCall('Sharing'),
    joinCommunity: unsupportedCall('Joining a community'),
    addToFavourites: unsupportedCall('Adding to favourites'),
    // OK has no sticky banner for games.
    ads: {
      isVideoReady: async () => !!fapi,
      showVideo: showRewarded,
      isInterstitialReady: async () => !!fapi,
      showInterstitial,
      showBanner: async () => {
        throw notAvailable('Banner ads');
      },
      hideBanner: async () => {
        throw notAvailable('Banner ads');
      },
    },
    review: {
      canReview: async () => (fapi ? { canReview: true } : { canReview: false, reason: 'not_available' }),
      request: async () => {
        const { result } = await ui('showRatingDialog', (api) => api.UI.showRatingDialog());
        return { feedbackSent: result === 'ok' };
      },
      info: async () => ({ reviewed: false }),
    },
    lifecycle: { loadingReady: () => undefined, gameplayStart: () => undefined, gameplayStop: () => undefined },
    onHostEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async purchase(sku, developerPayload) {
      requireFapi();
      const started = await context.portal.platformPayment(sku, developerPayload);
      const block = started.Odnoklassniki;
      if (!block)
        throw new SdkError('payment_not_completed', 'Failed to create payment in ok adapter - ok data is empty');
      const { result, data } = await ui('showPayment', (api) =>
        api.UI.showPayment(
          block.Name,
          block.Description,
          block.Code,
          block.Price,
          null,
          block.ExtraAttributes,
          'ok',
          'true',
        ),
      );
      // The client's word proves nothing (security.md §2): the portal now waits for our server's order.
      if (result === 'ok') return { kind: 'platform-order', sku, externalOrderId: started.OrderId };
      if (result === 'cancel' || /cancel/i.test(describe(data))) {
        throw new SdkError('cancelled', 'UserCancelled: the player closed the OK payment window');
      }
      throw new SdkError('payment_not_completed', `Payment not completed: OK's payment ended ${result}`);
    },
  };
};
