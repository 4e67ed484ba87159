import { resolvePath, SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, HostEvent, PlatformAdapter, SocialProfile, SocialSignIn } from '../adapter.js';
import { unsupported } from '../errors.js';
import { crazyGamesAds } from './crazygames-ads.js';
import { type CgSdk, type CgUser, crazyGamesErrorText, initCrazyGames } from './crazygames-sdk.js';
import { crazyGamesStorage } from './crazygames-storage.js';
import { readCrazyGamesToken } from './crazygames-token.js';

/** Where CrazyGames serves SDK v3 (platform-protocols.md §13b). */
export const CRAZYGAMES_SDK_URL = 'https://sdk.crazygames.com/crazygames-sdk-v3.js';

/** Spec store §8: the CrazyGames error texts. */
export const CRAZYGAMES_MESSAGES = {
  accountsUnavailable: 'User accounts not available',
  stillNotRegistered: 'User still not registered',
  noToken: 'Failed to get user token',
} as const;

const fail = (what: string) => async (): Promise<never> => {
  throw unsupported(what);
};

/**
 * CrazyGames through its HTML5 SDK v3 (loaded in init() from the page config's URL): a
 * CrazyGames user signs in on our server with the user token (checked there with CrazyGames'
 * public key); a guest plays, and is shown CrazyGames' auth prompt when buying. Purchases run
 * through the portal's web checkout with the user token in the request (our server checks the
 * buyer). The auth listener follows the player: gone or another account, the portal logs out and
 * reloads. Ads (midgame, rewarded, banner), gameplay signals and `crazyGames.call` are CrazyGames'.
 */
export const crazyGamesAdapter: AdapterFactory = (context): PlatformAdapter => {
  const framed = typeof window !== 'undefined' && window.parent !== window;
  const listeners = new Set<(event: HostEvent) => void>();
  let sdk: CgSdk | null = null;
  let user: CgUser | null = null;
  let token: string | null = null;
  let loadingReady = false;

  const requireSdk = (): CgSdk => {
    if (!framed) throw new SdkError('not_available', 'This page was not launched by CrazyGames');
    if (!sdk) throw new SdkError('not_initialized', 'The CrazyGames SDK is not initialised');
    return sdk;
  };
  const saves = crazyGamesStorage(() => {
    const data = requireSdk().data;
    if (!data) throw new SdkError('not_available', 'This CrazyGames SDK has no data module');
    return data;
  });
  /** Re-reads the user and a fresh token (CrazyGames refreshes it; it is never kept for long). */
  const readUser = async (cg: CgSdk) => {
    if (!cg.user.isUserAccountAvailable) {
      user = null;
      token = null;
      return;
    }
    user = await cg.user.getUser().catch((error: unknown) => {
      context.log('CrazyGames user not read: playing as a guest', crazyGamesErrorText(error));
      return null;
    });
    token = user ? await readCrazyGamesToken(cg, context.log) : null;
  };
  const payload = (): SocialSignIn | null =>
    user && token ? { Social: 'CrazyGames', CrazyGames: { Token: token, IsGuest: false } } : null;
  /** Who plays, to tell a change: the token's user id (names are not unique), or nobody. */
  const playerKey = () => (user ? `${(token && tokenUserId(token)) ?? ''}/${user.username}` : null);
  const emit = (event: HostEvent) => {
    for (const listener of listeners) listener(event);
  };
  /** Spec store §4: the auth listener re-reads user and token; the portal follows who plays now. */
  const onAuth = async () => {
    const cg = sdk;
    if (!cg) return;
    const before = playerKey();
    await readUser(cg);
    if (playerKey() === before) return;
    emit({ type: 'player-changed', signIn: payload() });
  };
  const authListener = () => {
    void onAuth().catch((error: unknown) => context.log('CrazyGames auth change not followed', error));
  };

  return {
    name: 'crazygames',
    platform: 'CrazyGames',
    get abilities() {
      return sdk ? (['AdsAvailable'] as const) : [];
    },
    // A guest can buy too, once signed in through CrazyGames' prompt (promptSignIn).
    get paymentsAvailable() {
      return !!sdk?.user.isUserAccountAvailable;
    },
    async init() {
      if (!framed) {
        context.log('not framed by CrazyGames: the CrazyGames adapter answers not_available');
        return;
      }
      const cg = await initCrazyGames(context.scriptUrls.crazygames ?? CRAZYGAMES_SDK_URL);
      sdk = cg;
      cg.game.loadingStart();
      await readUser(cg);
      if (cg.user.isUserAccountAvailable) cg.user.addAuthListener(authListener);
    },
    socialProfile(): SocialProfile {
      const name = user?.username ?? '';
      const photo = user?.profilePictureUrl ? { url: user.profilePictureUrl, width: 100, height: 100 } : null;
      return {
        // For display only: the server reads the verified id from the token itself.
        userId: (token && tokenUserId(token)) ?? '',
        displayName: name,
        firstName: name,
        lastName: '',
        photo,
        gender: 'unspecified',
        socialLocale: sdk?.user.systemInfo?.locale ?? context.locale(),
        socialFlavor: sdk?.user.systemInfo?.device?.type ?? '',
      };
    },
    signInPayload: payload,
    async promptSignIn() {
      const cg = requireSdk();
      if (!cg.user.isUserAccountAvailable) throw new SdkError('not_available', CRAZYGAMES_MESSAGES.accountsUnavailable);
      if (!user) {
        try {
          await cg.user.showAuthPrompt();
        } catch (error) {
          context.log('CrazyGames auth prompt closed', crazyGamesErrorText(error));
        }
        await readUser(cg);
      }
      if (!user) throw new SdkError('guest', CRAZYGAMES_MESSAGES.stillNotRegistered);
      if (!token) throw new SdkError('not_available', CRAZYGAMES_MESSAGES.noToken);
      return payload();
    },
    // CrazyGames has no friends list, invites, communities, favourites or ratings for games.
    friends: fail('The friends list'),
    invite: fail('Inviting friends'),
    share: fail('Sharing'),
    joinCommunity: fail('Joining a community'),
    addToFavourites: fail('Adding to favourites'),
    ads: crazyGamesAds(context, () => sdk),
    review: {
      canReview: async () => ({ canReview: false, reason: 'unsupported' }),
      request: fail('Rating the game'),
      info: async () => ({ reviewed: false }),
    },
    lifecycle: {
      loadingReady: () => {
        if (loadingReady || !sdk) return;
        loadingReady = true;
        sdk.game.loadingStop();
      },
      gameplayStart: () => sdk?.game.gameplayStart(),
      gameplayStop: () => sdk?.game.gameplayStop(),
    },
    onHostEvent: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // CrazyGames' data module, once its SDK answers (the catalog's CloudSaves decides whether it is used).
    get storage() {
      return sdk?.data ? saves : undefined;
    },
    purchase: async (sku, developerPayload) => {
      const cg = requireSdk();
      if (!cg.user.isUserAccountAvailable) throw new SdkError('not_available', CRAZYGAMES_MESSAGES.accountsUnavailable);
      // A token of this moment: CrazyGames' tokens live an hour, and our server checks it for the buyer.
      const fresh = await readCrazyGamesToken(cg, context.log);
      if (!fresh) throw new SdkError('not_available', CRAZYGAMES_MESSAGES.noToken);
      const result = await context.portal.checkout(sku, developerPayload, { CrazyGames: { AccessToken: fresh } });
      return { kind: 'completed', result };
    },
    // Spec store §7: `crazyGames.call` forwards a method path (e.g. `game.happytime`) into CrazyGames.SDK.
    async vendorCall(vendor, { method, props }) {
      if (vendor !== 'crazyGames') throw unsupported('VK Bridge');
      const found = resolvePath(requireSdk(), method);
      if ('error' in found) throw new SdkError(found.error.code, found.error.message);
      const args = Array.isArray(props?.args) ? props.args : props && Object.keys(props).length ? [props] : [];
      try {
        return await (found.fn as (...values: unknown[]) => unknown).apply(found.self, args);
      } catch (error) {
        throw error instanceof SdkError ? error : new SdkError('crazygames_error', crazyGamesErrorText(error));
      }
    },
  };
};

/** The `userId` claim of a token, unverified: only to tell one player from another on the page. */
function tokenUserId(token: string): string | undefined {
  try {
    const claims = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      userId?: unknown;
    };
    return claims.userId === undefined ? undefined : String(claims.userId);
  } catch {
    return undefined;
  }
}
