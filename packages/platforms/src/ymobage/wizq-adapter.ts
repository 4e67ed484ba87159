import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, PlatformAdapter, SocialProfile, SocialSignIn } from '../adapter.js';
import { unsupportedCall } from '../errors.js';
import { hostOriginOf } from '../host-origin.js';
import { noAds } from '../no-ads.js';
import { openWizqWire, type WizqWire } from './wizq-wire.js';

/** Spec store §9: WizQ's locale. */
export const WIZQ_LOCALE = 'ja';

/**
 * WizQ (ymobage) over its host protocol (wizq-wire.ts; README.md): the player signs in on our
 * server with the launch token WizQ signed; the first relayed proxy request (`ping`, counter 0)
 * opens the session. A purchase asks our server for a SecuredOrderId (POST /platforms/payment),
 * opens WizQ's payment window with it; WizQ relays the payment to our proxy route, which pays the
 * order; the portal then finds it by the SecuredOrderId. No ads or social calls on WizQ here.
 */
export const wizqAdapter: AdapterFactory = (context): PlatformAdapter => {
  const params = new URLSearchParams(context.launchQuery);
  const token = params.get('wizq_token') ?? '';
  const viewerId = params.get('opensocial_viewer_id') ?? '';
  const framed = typeof window !== 'undefined' && window.parent !== window;
  const launched = framed && !!token && !!viewerId && !!params.get('opensocial_app_id');
  let wire: WizqWire | null = null;

  const requireWire = (): WizqWire => {
    if (!launched) throw new SdkError('not_available', 'This page was not launched by WizQ');
    if (!wire) throw new SdkError('not_initialized', 'The WizQ host is not connected');
    return wire;
  };

  return {
    name: 'ymobage',
    platform: 'WizQ',
    abilities: [],
    get paymentsAvailable() {
      return !!wire;
    },
    async init() {
      if (!launched) {
        context.log('not launched by WizQ: the WizQ adapter answers not_available');
        return;
      }
      const origin = hostOriginOf();
      if (!origin) throw new SdkError('not_available', 'The WizQ host page is unknown');
      const opened = openWizqWire(window.parent, origin);
      await opened.call('init', {});
      // The session's first relayed request (num 0): WizQ's proxy reaches our server.
      context.log('WizQ proxy', await opened.call('proxy', { command: 'ping' }));
      wire = opened;
    },
    socialProfile(): SocialProfile {
      return {
        userId: launched ? viewerId : null,
        displayName: '',
        firstName: '',
        lastName: '',
        photo: null,
        gender: 'unspecified',
        socialLocale: WIZQ_LOCALE,
        socialFlavor: '',
      };
    },
    signInPayload: (): SocialSignIn | null => (launched ? { Social: 'WizQ', WizQLogin: { Token: token } } : null),
    friends: unsupportedCall('The friends list'),
    invite: unsupportedCall('Inviting friends'),
    share: unsupportedCall('Sharing'),
    joinCommunity: unsupportedCall('Joining a community'),
    addToFavourites: unsupportedCall('Adding to favourites'),
    ads: noAds('Video ads', 'Interstitial ads', 'Banner ads'),
    review: {
      canReview: async () => ({ canReview: false, reason: 'not_available' }),
      request: unsupportedCall('Rating the game'),
      info: async () => ({ reviewed: false }),
    },
    lifecycle: { loadingReady: () => undefined, gameplayStart: () => undefined, gameplayStop: () => undefined },
    onHostEvent: () => () => undefined,
    async purchase(sku, developerPayload) {
      const host = requireWire();
      const started = await context.portal.platformPayment(sku, developerPayload);
      const securedOrderId = started.WizQ?.SecuredOrderId;
      if (!securedOrderId) {
        throw new SdkError('payment_not_completed', 'Failed to create payment in ymobage adapter - WizQ data is empty');
      }
      let outcome: unknown;
      try {
        outcome = await host.call('payment', { securedOrderId, sku });
      } catch (error) {
        throw new SdkError('payment_not_completed', `Payment not completed: ${(error as Error).message}`);
      }
      const status = (outcome as { status?: unknown } | null)?.status;
      // The client's word proves nothing: the portal now waits for the order WizQ's relayed payment made.
      if (status === 'paid') return { kind: 'platform-order', sku, externalOrderId: securedOrderId };
      if (status === 'cancelled') throw new SdkError('cancelled', 'User closed payment window');
      throw new SdkError('payment_not_completed', 'Payment not completed');
    },
  };
};
