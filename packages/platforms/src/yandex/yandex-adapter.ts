import type { Photo } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, HostEvent, PlatformAdapter, SocialProfile, SocialSignIn } from '../adapter.js';
import { unsupported } from '../errors.js';
import { yandexAds } from './yandex-ads.js';
import { yandexLeaderboards } from './yandex-leaderboards.js';
import { yandexPurchases } from './yandex-purchases.js';
import {
  initYaGames,
  type YaLeaderboards,
  type YaPayments,
  type YaPlayer,
  type YaSdk,
  yandexErrorText,
} from './yandex-sdk.js';
import { yandexStorage } from './yandex-storage.js';

/** Where Yandex serves its SDK to the games it hosts (platform-protocols.md §13a). */
export const YANDEX_SDK_URL = '/sdk.js';

const fail = (what: string) => async (): Promise<never> => {
  throw unsupported(what);
};

/**
 * Yandex Games through its YaGames SDK, loaded in init() from the page config's URL:
 * an authorized player signs in on our server with the signed player; a guest plays,
 * and is sent to Yandex's auth dialog when buying; purchases run in signed mode and are
 * checked on our server before anything is delivered; ads, review, lifecycle and
 * pause/resume are Yandex's.
 */
export const yandexAdapter: AdapterFactory = (context): PlatformAdapter => {
  // Outside a frame nothing hosts the game: no SDK answers there.
  const framed = typeof window !== 'undefined' && window.parent !== window;
  const listeners = new Set<(event: HostEvent) => void>();
  let sdk: YaSdk | null = null;
  let player: YaPlayer | null = null;
  let payments: Promise<YaPayments> | null = null;
  let leaderboardsApi: Promise<YaLeaderboards> | null = null;
  let loadingReady = false;

  const requireSdk = (): YaSdk => {
    if (!framed) throw new SdkError('not_available', 'This page was not launched by Yandex Games');
    if (!sdk) throw new SdkError('not_initialized', 'The Yandex Games SDK is not initialised');
    return sdk;
  };
  const readPlayer = async (ysdk: YaSdk) => {
    try {
      player = await ysdk.getPlayer({ signed: true });
    } catch (error) {
      context.log('Yandex player not read: playing as a guest', yandexErrorText(error));
      player = null;
    }
  };
  const authorized = () => !!player?.isAuthorized() && !!player.signature;
  const payload = (): SocialSignIn | null =>
    authorized() ? { Social: 'YandexGames', YandexGamesLogin: { Signature: player?.signature } } : null;
  const paymentsApi = () => {
    payments ??= Promise.resolve()
      .then(() => requireSdk().getPayments({ signed: true }))
      .catch((error: unknown) => {
        payments = null;
        throw error instanceof SdkError ? error : new SdkError('not_available', yandexErrorText(error));
      });
    return payments;
  };
  const purchases = yandexPurchases(context, paymentsApi);
  const saves = yandexStorage(async () => {
    if (player) return player;
    const ysdk = requireSdk();
    await readPlayer(ysdk);
    if (!player) throw new SdkError('not_available', 'Yandex gave no player to keep saves for');
    return player;
  });
  const boards = yandexLeaderboards(
    () => {
      leaderboardsApi ??= Promise.resolve()
        .then(() => {
          const ysdk = requireSdk();
          if (!ysdk.getLeaderboards) throw new SdkError('not_available', 'This Yandex SDK has no leaderboards');
          return ysdk.getLeaderboards();
        })
        .catch((error: unknown) => {
          leaderboardsApi = null;
          throw error;
        });
      return leaderboardsApi;
    },
    async () => (player ? { uniqueID: player.getUniqueID(), authorized: authorized() } : null),
  );
  const emit = (event: HostEvent) => {
    for (const listener of listeners) listener(event);
  };

  return {
    name: 'yandex',
    platform: 'YandexGames',
    get abilities() {
      return sdk ? (['AdsAvailable', 'RateApplication'] as const) : [];
    },
    // A guest can buy too, once signed in through Yandex's dialog (promptSignIn).
    get paymentsAvailable() {
      return !!sdk;
    },
    async init() {
      if (!framed) {
        context.log('not framed by Yandex Games: the Yandex adapter answers not_available');
        return;
      }
      const ysdk = await initYaGames(context.scriptUrls.yandex ?? YANDEX_SDK_URL);
      sdk = ysdk;
      ysdk.on?.('game_api_pause', () => emit({ type: 'pause' }));
      ysdk.on?.('game_api_resume', () => emit({ type: 'resume' }));
      await readPlayer(ysdk);
    },
    socialProfile(): SocialProfile {
      const name = authorized() ? (player?.getName() ?? '') : '';
      const photoUrl = authorized() ? player?.getPhoto('large') : undefined;
      // Yandex names no size for its 'large' avatar; 200 is what it serves today (UNCONFIRMED).
      const photo: Photo | null = photoUrl ? { url: photoUrl, width: 200, height: 200 } : null;
      return {
        userId: player?.getUniqueID() ?? '',
        displayName: name,
        firstName: name,
        lastName: '',
        photo,
        gender: 'unspecified',
        socialLocale: sdk?.environment?.i18n?.lang ?? context.locale(),
        socialFlavor: sdk?.deviceInfo?.type ?? '',
      };
    },
    signInPayload: payload,
    async promptSignIn() {
      const ysdk = requireSdk();
      if (!authorized()) {
        try {
          await ysdk.auth?.openAuthDialog();
        } catch (error) {
          // The player closed Yandex's dialog: still a guest.
          context.log('Yandex auth dialog closed', yandexErrorText(error));
          return null;
        }
        await readPlayer(ysdk);
      }
      return payload();
    },
    settlePendingPurchases: async () => {
      if (sdk && authorized()) await purchases.settlePending();
    },
    // Yandex Games has no friends, invites, communities or favourites for games; its rules forbid outgoing links.
    friends: fail('The friends list'),
    invite: fail('Inviting friends'),
    share: fail('Sharing'),
    joinCommunity: fail('Joining a community'),
    addToFavourites: fail('Adding to favourites'),
    ads: yandexAds(context, () => sdk),
    review: {
      canReview: async () => {
        const feedback = requireSdk().feedback;
        if (!feedback) return { canReview: false, reason: 'unsupported' };
        const { value, reason } = await feedback.canReview();
        return reason ? { canReview: value, reason } : { canReview: value };
      },
      request: async () => {
        const feedback = requireSdk().feedback;
        if (!feedback) throw unsupported('Rating the game');
        const { value, reason } = await feedback.canReview();
        if (!value) throw new SdkError('not_available', `Yandex does not ask for a review now: ${reason ?? 'UNKNOWN'}`);
        return { feedbackSent: (await feedback.requestReview()).feedbackSent === true };
      },
      // Yandex tells only whether it may ask: GAME_RATED means the player rated already.
      info: async () => {
        const answer = await requireSdk().feedback?.canReview();
        return { reviewed: answer?.reason === 'GAME_RATED' };
      },
    },
    lifecycle: {
      loadingReady: () => {
        if (loadingReady || !sdk) return;
        loadingReady = true;
        sdk.features?.LoadingAPI?.ready();
      },
      gameplayStart: () => sdk?.features?.GameplayAPI?.start(),
      gameplayStop: () => sdk?.features?.GameplayAPI?.stop(),
    },
    onHostEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // Yandex's player data, once its SDK answers (the catalog's CloudSaves decides whether it is used).
    get storage() {
      return sdk ? saves : undefined;
    },
    // Yandex's leaderboards, once its SDK answers (the catalog's HostPlatforms decide which boards use them).
    get leaderboards() {
      return sdk ? boards : undefined;
    },
    purchase: async (sku, developerPayload) => {
      requireSdk();
      return purchases.purchase(sku, developerPayload);
    },
  };
};
