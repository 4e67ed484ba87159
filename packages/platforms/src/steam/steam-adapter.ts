import { STEAM_WEB_API_IDENTITY } from '@fxid/contract/adapters';
import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, PlatformAdapter, SocialProfile, SocialSignIn } from '../adapter.js';
import { unsupportedCall } from '../errors.js';
import { noAds } from '../no-ads.js';
import { loadSteamBridge, type SteamBridge } from './steam-bridge.js';

/** How long the overlay may stay open before the purchase gives up (the transaction can still be settled later). */
export const STEAM_OVERLAY_TIMEOUT_MS = 15 * 60_000;

/**
 * Steam, through the desktop wrapper's bridge (steam-bridge.ts): the player signs in on our server
 * with a Web API auth ticket made for our identity (checked there with AuthenticateUserTicket; each
 * ticket once, so a fresh one is fetched after each use). A purchase: our server opens the
 * transaction (InitTxn), Steam shows its overlay, the overlay's MicroTxnAuthorizationResponse names
 * the order, and our server settles it with Steam (QueryTxn, FinalizeTxn), paying the order once;
 * denied is `cancelled`, anything but delivered 'Payment not completed'. Open transactions are
 * settled again once the player is signed in (recovery).
 */
export const steamAdapter: AdapterFactory = (context): PlatformAdapter => {
  let bridge: SteamBridge | undefined;
  let appId = 0;
  let player: { steamId: string; name: string } | null = null;
  let ticket: string | null = null;
  /** Overlay answers by order id: one may arrive before the purchase starts waiting for it. */
  const answers = new Map<string, boolean>();
  const waiters = new Map<string, (authorized: boolean) => void>();

  const requireBridge = (): SteamBridge => {
    if (!bridge) throw new SdkError('not_available', 'This page is not running in a Steam build');
    return bridge;
  };
  const freshTicket = async () => {
    ticket = await requireBridge().getAuthTicketForWebApi(STEAM_WEB_API_IDENTITY);
  };
  const overlayAnswer = (orderId: string) =>
    new Promise<boolean>((resolve, reject) => {
      const known = answers.get(orderId);
      if (known !== undefined) return resolve(known);
      const timer = setTimeout(() => {
        waiters.delete(orderId);
        reject(new SdkError('timeout', 'The Steam overlay did not answer'));
      }, STEAM_OVERLAY_TIMEOUT_MS);
      waiters.set(orderId, (authorized) => {
        clearTimeout(timer);
        resolve(authorized);
      });
    });
  const settle = (orderId?: string) =>
    context.verifySignedPurchases(orderId ? { platform: 'Steam', orderId } : { platform: 'Steam' });

  return {
    name: 'steam',
    platform: 'Steam',
    abilities: [],
    get paymentsAvailable() {
      return !!bridge && !!player;
    },
    async init() {
      bridge = await loadSteamBridge(context.scriptUrls.steam);
      if (!bridge) {
        context.log('no Steam bridge: the Steam adapter answers not_available');
        return;
      }
      appId = await bridge.appId();
      player = await bridge.player();
      bridge.onMicroTxnAuthorizationResponse((response) => {
        if (response.appId !== appId) return;
        const waiter = waiters.get(response.orderId);
        waiters.delete(response.orderId);
        if (waiter) waiter(response.authorized);
        else answers.set(response.orderId, response.authorized);
      });
      await freshTicket();
    },
    socialProfile(): SocialProfile {
      return {
        userId: player?.steamId ?? '',
        displayName: player?.name ?? '',
        firstName: player?.name ?? '',
        lastName: '',
        photo: null,
        gender: 'unspecified',
        socialLocale: context.locale(),
        socialFlavor: '',
      };
    },
    signInPayload(): SocialSignIn | null {
      if (!ticket) return null;
      const payload = { Social: 'Steam' as const, SteamLogin: { Ticket: ticket } };
      // A ticket signs in once: the next sign-in (a retry, a new session) needs its own.
      ticket = null;
      freshTicket().catch((error: unknown) => context.log('no fresh Steam ticket', error));
      return payload;
    },
    async settlePendingPurchases() {
      if (!bridge) return;
      for (const verdict of await settle()) {
        if (!verdict.success) context.log('Steam transaction not delivered', verdict);
      }
    },
    friends: unsupportedCall('The friends list'),
    invite: unsupportedCall('Inviting friends'),
    share: unsupportedCall('Sharing'),
    joinCommunity: unsupportedCall('Joining a community'),
    addToFavourites: unsupportedCall('Adding to favourites'),
    ads: noAds('Advertising'),
    review: {
      canReview: async () => ({ canReview: false, reason: 'unsupported' }),
      request: unsupportedCall('Rating the game'),
      info: async () => ({ reviewed: false }),
    },
    lifecycle: { loadingReady: () => {}, gameplayStart: () => {}, gameplayStop: () => {} },
    onHostEvent: () => () => {},
    async purchase(sku, developerPayload) {
      requireBridge();
      const started = await context.portal.platformPayment(sku, developerPayload);
      const orderId = started.Steam?.OrderId;
      if (!orderId) throw new SdkError('payment_not_completed', 'Payment not completed');
      const authorized = await overlayAnswer(orderId);
      answers.delete(orderId);
      if (!authorized) {
        // Steam failed the transaction; our server notes it (and would deliver it had Steam charged after all).
        await settle(orderId).catch((error: unknown) => context.log('Steam denial not settled', error));
        throw new SdkError('cancelled', 'User closed payment window');
      }
      const verdict = (await settle(orderId)).find((item) => item.token === orderId);
      if (!verdict?.success) throw new SdkError('payment_not_completed', 'Payment not completed');
      return { kind: 'platform-order', sku, externalOrderId: orderId };
    },
  };
};
