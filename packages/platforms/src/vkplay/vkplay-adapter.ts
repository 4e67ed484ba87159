import type { AdResult } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, HostEvent, PlatformAdapter, SocialProfile, SocialSignIn } from '../adapter.js';
import { notAvailable, unsupported } from '../errors.js';
import {
  describe,
  initVkPlay,
  VKPLAY_CORE_URL,
  type VkPlayAnswer,
  type VkPlayApi,
  type VkPlayCallbackName,
} from './vkplay-core.js';

/** Spec store §5: VK Play's currency is the launch's `currency` query parameter, RUB when absent. */
export const VKPLAY_DEFAULT_CURRENCY = 'RUB';

/** VK Play's login status (platform-protocols.md §1c): 0 not logged in, 1 not registered in the game, 2/3 registered. */
const REGISTERED = 2;
/** How long init waits for the registered player's profile before going on without a name. */
const PROFILE_TIMEOUT_MS = 5_000;

const fail = (what: string) => async (): Promise<never> => {
  throw unsupported(what);
};

/** The launch parameters VK Play frames the game with: its app, the registered player, the currency. */
export function parseVkPlayLaunch(query: string) {
  const params = new URLSearchParams(query);
  const currency = params.get('currency') ?? '';
  return {
    appId: params.get('appid') ?? '',
    uid: params.get('uid') ?? '',
    sign: params.get('sign') ?? '',
    currency: /^[A-Z]{3}$/.test(currency) ? currency : VKPLAY_DEFAULT_CURRENCY,
  };
}

/**
 * VK Play through its client script (`mailru.core.js`, loaded in init() from the page config's
 * URL): a registered player signs in on our server with the signed launch query string; a guest
 * (login status 0 or 1) plays, and when buying is sent to VK Play's login (authUser) or
 * registration (registerUser), after which the page reloads as VK Play relaunches it (spec store
 * §4). Purchases start on our server (POST /platforms/payment answers paymentFrame's
 * merchant_param in the launch's currency) and complete on our server by VK Play's signed
 * notification; the portal then finds the paid order by its reference. The registered player's
 * nick and avatar come from userProfile. Ads are VK Play's showAds; friends, invites, sharing and
 * rating are not built.
 */
export const vkPlayAdapter: AdapterFactory = (context): PlatformAdapter => {
  const launch = parseVkPlayLaunch(context.launchQuery);
  const framed = typeof window !== 'undefined' && window.parent !== window;
  const launched = framed && /^\d+$/.test(launch.appId);
  const listeners = new Set<(event: HostEvent) => void>();
  /** The one call waiting for each callback. */
  const waiting = new Map<VkPlayCallbackName, (answer: VkPlayAnswer) => void>();
  let api: VkPlayApi | null = null;
  let loginStatus = 0;
  let profile: { nick: string; avatar: string } = { nick: '', avatar: '' };

  const requireApi = (): VkPlayApi => {
    if (!launched) throw new SdkError('not_available', 'This page was not launched by VK Play');
    if (!api) throw new SdkError('not_initialized', "VK Play's iframeApi is not initialised");
    return api;
  };
  /** Runs a VK Play call and resolves with the first of `names` its callbacks report. */
  const call = (names: VkPlayCallbackName[], run: (vkplay: VkPlayApi) => void) =>
    new Promise<{ name: VkPlayCallbackName; answer: VkPlayAnswer }>((resolve, reject) => {
      const vkplay = requireApi();
      if (names.some((name) => waiting.has(name))) {
        reject(new SdkError('not_available', `VK Play's ${names[0]} is awaited already`));
        return;
      }
      const settle = (name: VkPlayCallbackName) => (answer: VkPlayAnswer) => {
        for (const other of names) waiting.delete(other);
        resolve({ name, answer });
      };
      for (const name of names) waiting.set(name, settle(name));
      try {
        run(vkplay);
      } catch (error) {
        for (const name of names) waiting.delete(name);
        reject(new SdkError('not_available', `VK Play call failed: ${describe(error)}`));
      }
    });
  const onCallback = (name: VkPlayCallbackName, answer: VkPlayAnswer) => {
    context.log(`VK Play ${name}`, answer);
    waiting.get(name)?.(answer);
  };
  const registered = () => launched && loginStatus >= REGISTERED && !!launch.uid && !!launch.sign;

  /** The registered player's nick and avatar (userProfile); a profile that does not come in time is left out. */
  const readProfile = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), PROFILE_TIMEOUT_MS);
    });
    const read = call(['userProfileCallback'], (vkplay) => vkplay.userProfile()).catch(() => null);
    const answered = await Promise.race([read, late]).finally(() => clearTimeout(timer));
    if (!answered) waiting.delete('userProfileCallback');
    const answer = answered?.answer;
    if (answer?.status === 'ok' && String(answer.uid ?? '') === launch.uid) {
      profile = { nick: typeof answer.nick === 'string' ? answer.nick : '', avatar: answer.avatar ?? '' };
    }
  };

  const showAd = async (interstitial: boolean): Promise<AdResult> => {
    const { answer } = await call(['adsCallback'], (vkplay) => vkplay.showAds({ interstitial }));
    if (answer.type === 'adCompleted') return { outcome: 'Finished' };
    if (answer.type === 'adDismissed') return { outcome: interstitial ? 'Finished' : 'Skipped' };
    context.log('VK Play ad failed', answer.code);
    return { outcome: 'Failed' };
  };

  return {
    name: 'vkplay',
    platform: 'VkontaktePlay',
    get abilities() {
      return api ? (['AdsAvailable'] as const) : [];
    },
    // A guest may start buying too: VK Play's login or registration comes first (promptSignIn).
    get paymentsAvailable() {
      return !!api;
    },
    async init() {
      if (!launched) {
        context.log('not launched by VK Play: the VK Play adapter answers not_available');
        return;
      }
      api = await initVkPlay(context.scriptUrls.vkplay ?? VKPLAY_CORE_URL, launch.appId, onCallback);
      const { answer } = await call(['getLoginStatusCallback'], (vkplay) => vkplay.getLoginStatus());
      loginStatus = Number(answer.loginStatus ?? 0);
      if (registered()) await readProfile();
    },
    socialProfile(): SocialProfile {
      return {
        userId: registered() ? launch.uid : null,
        displayName: profile.nick,
        firstName: profile.nick,
        lastName: '',
        // VK Play names no avatar size; 180 is what its profile pictures measure (UNCONFIRMED).
        photo: /^https:\/\//.test(profile.avatar) ? { url: profile.avatar, width: 180, height: 180 } : null,
        gender: 'unspecified',
        socialLocale: context.locale(),
        socialFlavor: '',
      };
    },
    signInPayload: (): SocialSignIn | null =>
      registered() ? { Social: 'VkontaktePlay', VkontaktePlayLogin: { QueryString: context.launchQuery } } : null,
    async promptSignIn() {
      if (registered()) return this.signInPayload();
      // Spec store §4: status 0 logs in to VK Play, status 1 registers in the game; both then reload.
      const { answer } =
        loginStatus === 0
          ? await call(['userInfoCallback'], (vkplay) => vkplay.authUser())
          : await call(['registerUserCallback'], (vkplay) => vkplay.registerUser());
      if (answer.status !== 'ok') {
        context.log('VK Play sign-in declined', answer.errmsg);
        return null;
      }
      requireApi().reloadWindow();
      // VK Play relaunches the page with the registered player's parameters; nothing here goes on.
      return new Promise<never>(() => undefined);
    },
    friends: fail('The friends list'),
    invite: fail('Inviting friends'),
    share: fail('Sharing'),
    joinCommunity: fail('Joining a community'),
    addToFavourites: fail('Adding to favourites'),
    ads: {
      isVideoReady: async () => !!api,
      showVideo: () => showAd(false),
      isInterstitialReady: async () => !!api,
      showInterstitial: () => showAd(true),
      showBanner: async () => {
        throw notAvailable('Banner ads');
      },
      hideBanner: async () => {
        throw notAvailable('Banner ads');
      },
    },
    review: {
      canReview: async () => ({ canReview: false, reason: 'unsupported' }),
      request: fail('Rating the game'),
      info: async () => ({ reviewed: false }),
    },
    // VK Play takes no lifecycle signals and sends no pause/resume (platform-protocols.md §1c).
    lifecycle: { loadingReady: () => undefined, gameplayStart: () => undefined, gameplayStop: () => undefined },
    onHostEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async purchase(sku, developerPayload) {
      requireApi();
      const started = await context.portal.platformPayment(sku, developerPayload, { Currency: launch.currency });
      const block = started.VkontaktePlay;
      if (!block) {
        throw new SdkError(
          'payment_not_completed',
          'Failed to create payment in vkplay adapter - vkplay data is empty',
        );
      }
      const { name, answer } = await call(['paymentReceivedCallback', 'paymentWindowClosedCallback'], (vkplay) =>
        vkplay.paymentFrame({ merchant_param: block.MerchantParam }),
      );
      // The client's word proves nothing: the portal now waits for our server's order.
      if (name === 'paymentReceivedCallback' && (answer.status ?? 'ok') === 'ok') {
        return { kind: 'platform-order', sku, externalOrderId: started.OrderId };
      }
      if (name === 'paymentWindowClosedCallback') {
        throw new SdkError('cancelled', 'UserCancelled: the player closed the VK Play payment window');
      }
      throw new SdkError('payment_not_completed', `Payment not completed: VK Play reported ${describe(answer)}`);
    },
  };
};
