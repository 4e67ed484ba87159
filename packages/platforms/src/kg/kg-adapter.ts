import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, PlatformAdapter, SocialProfile, SocialSignIn } from '../adapter.js';
import { unsupportedCall } from '../errors.js';
import { noAds } from '../no-ads.js';
import { type KongregateClient, loadKongregate } from './kg-api.js';

/** Where Kongregate serves its JS API loader (platform-protocols.md §3). */
export const KONGREGATE_API_URL = 'https://cdn1.kongregate.com/javascripts/kongregate_api.js';

/**
 * Kongregate through its JS API (loaded in init() from the page config's URL): a Kongregate
 * player signs in on our server with their user id and game auth token (checked there against
 * Kongregate's authenticate API); a guest plays, and buying shows Kongregate's registration box
 * and answers `guest` (spec store §4). Items are bought with `mtx.purchaseItems`; our server then
 * reads the player's inventory at Kongregate, pays one order per item and uses it up there, and the
 * portal finds the order by Kongregate's item id. Signing in inside the page reloads it (spec §4).
 */
export const kongregateAdapter: AdapterFactory = (context): PlatformAdapter => {
  const framed = typeof window !== 'undefined' && window.parent !== window;
  let api: KongregateClient | null = null;

  const requireApi = (): KongregateClient => {
    if (!framed) throw new SdkError('not_available', 'This page was not launched by Kongregate');
    if (!api) throw new SdkError('not_initialized', 'The Kongregate API is not loaded');
    return api;
  };
  const payload = (): SocialSignIn | null =>
    api && !api.services.isGuest()
      ? {
          Social: 'Kongregate',
          Kongregate: { UserId: String(api.services.getUserId()), GameAuthToken: api.services.getGameAuthToken() },
        }
      : null;
  /** Spec store §4: a guest cannot buy; Kongregate's registration box, and 'guest'. */
  const refuseGuest = (kongregate: KongregateClient): never => {
    kongregate.services.showRegistrationBox();
    throw new SdkError('guest', 'guest');
  };
  const verifyItems = (kongregate: KongregateClient) =>
    context.verifySignedPurchases({ platform: 'Kongregate', gameAuthToken: kongregate.services.getGameAuthToken() });

  return {
    name: 'kg',
    platform: 'Kongregate',
    abilities: [],
    get paymentsAvailable() {
      return !!api;
    },
    async init() {
      if (!framed) {
        context.log('not framed by Kongregate: the Kongregate adapter answers not_available');
        return;
      }
      const kongregate = await loadKongregate(context.scriptUrls.kg ?? KONGREGATE_API_URL);
      api = kongregate;
      // Spec store §4: signing in inside the page reloads it, which signs the new player in.
      kongregate.services.addEventListener('login', () => window.location.reload());
    },
    socialProfile(): SocialProfile {
      const guest = !api || api.services.isGuest();
      const name = guest ? '' : (api?.services.getUsername() ?? '');
      return {
        userId: guest ? '' : String(api?.services.getUserId() ?? ''),
        displayName: name,
        firstName: name,
        lastName: '',
        photo: null,
        gender: 'unspecified',
        socialLocale: context.locale(),
        socialFlavor: '',
      };
    },
    signInPayload: payload,
    async promptSignIn() {
      const kongregate = requireApi();
      if (kongregate.services.isGuest()) refuseGuest(kongregate);
      return payload();
    },
    // Items bought while our server did not hear of it (the page closed after paying) are taken at start.
    async settlePendingPurchases() {
      if (!api || api.services.isGuest()) return;
      for (const verdict of await verifyItems(api)) {
        if (!verdict.success) context.log('Kongregate item refused by the server', verdict);
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
    stat: (event) => {
      if (typeof event.value === 'number') api?.stats?.submit(event.name, event.value);
    },
    lifecycle: { loadingReady: () => {}, gameplayStart: () => {}, gameplayStop: () => {} },
    onHostEvent: () => () => {},
    purchase: async (sku) => {
      const kongregate = requireApi();
      if (kongregate.services.isGuest()) refuseGuest(kongregate);
      const { success } = await new Promise<{ success: boolean }>((resolve) =>
        kongregate.mtx.purchaseItems([sku], resolve),
      );
      if (!success) throw new SdkError('cancelled', 'User closed payment window');
      const taken = (await verifyItems(kongregate)).filter((verdict) => verdict.success && verdict.sku === sku);
      const item = taken.at(-1);
      if (!item) throw new SdkError('payment_not_completed', 'Purchase not validated');
      return { kind: 'platform-order', sku, externalOrderId: item.token };
    },
  };
};
