import type { AdResult, Friend, Gender, Photo } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, HostEvent, PlatformAdapter, SocialProfile } from '../adapter.js';
import { friend } from '../adapter.js';
import { unsupported } from '../errors.js';
import { isUserDenied, vkCallError, vkErrorText, vkPurchaseError } from './vk-errors.js';
import { isVkLaunch, parseVkLaunch } from './vk-launch.js';
import { vkStorage } from './vk-storage.js';

/** vk-bridge's `send`, typed locally by what we read back. */
type Send = (method: string, props?: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** A VK user as VKWebAppGetUserInfo and VKWebAppGetFriends describe them. */
interface VkUser {
  id: number;
  first_name?: string;
  last_name?: string;
  sex?: number;
  photo_100?: string;
  photo_200?: string;
}

/** The VK API version games get for their own calls through vkBridge.call. */
const VK_API_VERSION = '5.199';

/** How long VK may take to answer VKWebAppInit before the page gives up on it. */
const INIT_TIMEOUT_MS = 10_000;

/** The bridge object, whichever module format the bundler picked (ESM default, or UMD exports with a default). */
function bridgeOf(module: unknown): { send: unknown; subscribe: (listener: (event: VkEvent) => void) => void } {
  const first = (module as { default?: unknown }).default ?? module;
  const inner = (first as { default?: unknown }).default;
  return (typeof (first as { send?: unknown }).send === 'function' ? first : inner) as ReturnType<typeof bridgeOf>;
}

interface VkEvent {
  detail: { type: string; data?: unknown };
}

const genderOf = (sex: number | undefined): Gender => (sex === 1 ? 'female' : sex === 2 ? 'male' : 'unspecified');
const photoOf = (user: VkUser): Photo | null =>
  user.photo_200
    ? { url: user.photo_200, width: 200, height: 200 }
    : user.photo_100
      ? { url: user.photo_100, width: 100, height: 100 }
      : null;
const vkFriend = (user: VkUser): Friend =>
  friend(String(user.id), user.first_name ?? '', user.last_name ?? '', genderOf(user.sex), photoOf(user));

/** VK answers VKWebAppShowOrderBox with `status: 'success'` (typings) or `success: true` (docs): either counts. */
const orderSucceeded = (result: Record<string, unknown>) => result.status === 'success' || result.success === true;

/**
 * VK (vk.com Mini Apps) through the real `@vkontakte/vk-bridge`, loaded in init():
 * the player is signed in on our server by the launch query string (its `sign` is
 * checked there), purchases run in VK's order box and complete on our server by VK's
 * signed payment callback, ads are VK's native ads.
 */
export const vkcomAdapter: AdapterFactory = (context): PlatformAdapter => {
  const launch = parseVkLaunch(context.launchQuery);
  // Opened outside VK (no signed launch parameters, or not in a frame), nothing answers the bridge.
  const launched = isVkLaunch(context.launchQuery) && typeof window !== 'undefined' && window.parent !== window;
  const listeners = new Set<(event: HostEvent) => void>();
  let sendToVk: Send | null = null;
  let user: VkUser | null = null;

  const send: Send = (method, props) => {
    if (!launched) return Promise.reject(new SdkError('not_available', 'This page was not launched by VK'));
    if (!sendToVk) return Promise.reject(new SdkError('not_initialized', 'VK Bridge is not initialised'));
    return sendToVk(method, props);
  };
  const showAd = async (format: 'reward' | 'interstitial'): Promise<AdResult> => {
    try {
      const { result } = await send('VKWebAppShowNativeAds', { ad_format: format });
      // `false`: the ad closed before its end (no reward).
      return { outcome: result === true ? 'Finished' : 'Skipped' };
    } catch (error) {
      context.log('VK ad failed', vkErrorText(error));
      return { outcome: 'Failed' };
    }
  };
  const adReady = async (format: 'reward' | 'interstitial') => {
    try {
      return (await send('VKWebAppCheckNativeAds', { ad_format: format })).result === true;
    } catch {
      return false;
    }
  };
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw vkCallError(what, error);
    }
  };

  const storage = vkStorage((method, props) => call('VK storage', () => send(method, props)));

  return {
    name: 'vkcom',
    platform: 'VkontakteCom',
    abilities: launched ? ['FriendsList', 'FriendsInvite', 'AdsAvailable'] : [],
    paymentsAvailable: launched,
    async init() {
      if (!launched) {
        context.log('not launched by VK: the VK adapter answers not_available');
        return;
      }
      const bridge = bridgeOf(await import('@vkontakte/vk-bridge'));
      sendToVk = bridge.send as Send;
      bridge.subscribe(({ detail }) => {
        if (detail.type === 'VKWebAppViewHide') for (const listener of listeners) listener({ type: 'pause' });
        if (detail.type === 'VKWebAppViewRestore') for (const listener of listeners) listener({ type: 'resume' });
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        send('VKWebAppInit'),
        new Promise((_resolve, reject) => {
          timer = setTimeout(() => reject(new SdkError('timeout', 'VK did not answer VKWebAppInit')), INIT_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      try {
        user = (await send('VKWebAppGetUserInfo')) as unknown as VkUser;
      } catch (error) {
        // The launch parameters still name the player; the profile is a nicety.
        context.log('VK user info not read', vkErrorText(error));
      }
    },
    socialProfile(): SocialProfile {
      const names = user ?? { id: 0 };
      const displayName = `${names.first_name ?? ''} ${names.last_name ?? ''}`.trim();
      return {
        userId: user ? String(user.id) : launch.userId,
        displayName,
        firstName: names.first_name ?? '',
        lastName: names.last_name ?? '',
        photo: user ? photoOf(user) : null,
        gender: genderOf(user?.sex),
        socialLocale: launch.language ?? context.locale(),
        socialFlavor: launch.platform,
        vkcom: { appId: launch.appId ?? '', defaultApiVersion: VK_API_VERSION, defaultAccessToken: '' },
      };
    },
    signInPayload: () =>
      launched ? { Social: 'VkontakteCom', VkontakteComLogin: { QueryString: context.launchQuery } } : null,
    friends: () =>
      call('the VK friends list', async () => {
        const { users } = await send('VKWebAppGetFriends', { multi: true });
        return ((users ?? []) as VkUser[]).map(vkFriend);
      }),
    invite: async () => {
      try {
        const result = await send('VKWebAppShowInviteBox');
        // VK names only whom it could not invite; who was invited stays VK's.
        return { invitedIds: Array.isArray(result.invitedIds) ? result.invitedIds.map(String) : [] };
      } catch (error) {
        throw vkCallError('the VK invite box', error);
      }
    },
    share: (link) =>
      call('the VK share dialog', async () => {
        await send('VKWebAppShare', { link });
        return { shared: true };
      }),
    // VK joins a community by its group id, which the catalog does not hold yet.
    joinCommunity: async () => {
      throw unsupported('Joining a community');
    },
    addToFavourites: () =>
      call('adding to VK favourites', async () => ({
        added: (await send('VKWebAppAddToFavorites')).result === true,
      })),
    ads: {
      isVideoReady: () => adReady('reward'),
      showVideo: () => showAd('reward'),
      isInterstitialReady: () => adReady('interstitial'),
      showInterstitial: () => showAd('interstitial'),
      showBanner: (position) =>
        call('the VK banner', async () => {
          await send('VKWebAppShowBannerAd', { banner_location: position });
        }),
      hideBanner: () =>
        call('the VK banner', async () => {
          await send('VKWebAppHideBannerAd');
        }),
    },
    // VK has no rating dialog for games in its bridge.
    review: {
      canReview: async () => ({ canReview: false, reason: 'unsupported' }),
      request: async () => {
        throw unsupported('Rating the game');
      },
      info: async () => ({ reviewed: false }),
    },
    lifecycle: { loadingReady: () => undefined, gameplayStart: () => undefined, gameplayStop: () => undefined },
    onHostEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // VK's own storage, when VK launched the page (the catalog's CloudSaves decides whether it is used).
    ...(launched ? { storage } : {}),
    async purchase(sku) {
      let result: Record<string, unknown>;
      try {
        result = await send('VKWebAppShowOrderBox', { type: 'item', item: sku });
      } catch (error) {
        throw vkPurchaseError(error);
      }
      if (result.status === 'cancel')
        throw vkPurchaseError({ error_type: 'client_error', error_data: { error_code: 4 } });
      if (!orderSucceeded(result)) throw vkPurchaseError({ error_type: 'client_error', error_data: result });
      return { kind: 'platform-order', sku, externalOrderId: String(result.order_id ?? '') };
    },
    async vendorCall(vendor, { method, props }) {
      if (vendor !== 'vkBridge') throw unsupported('The CrazyGames SDK');
      try {
        return await send(method, props);
      } catch (error) {
        // The game asked VK directly: it gets VK's own error back, by code.
        throw isUserDenied(error) || error instanceof SdkError
          ? vkCallError(method, error)
          : new SdkError('vk_error', vkErrorText(error));
      }
    },
  };
};
