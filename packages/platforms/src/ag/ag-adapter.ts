import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, HostEvent, PlatformAdapter, SocialProfile, SocialSignIn } from '../adapter.js';
import { notAvailable, unsupported } from '../errors.js';
import { hostOriginOf } from '../host-origin.js';
import { agAds } from './ag-ads.js';
import { type AgOptions, agOptionsQuery, agPaymentBlock, isAgGuest, parseAgOptions } from './ag-launch.js';
import { AG_MESSAGES, type AgWire, openAgWire } from './ag-wire.js';

/** Spec store §4/§8: what a guest of Absolute Games is answered when buying. */
export const AG_NOT_AUTHORIZED = 'Not authorized';
/** Spec store §4/§8: a payment window outcome the adapter does not know. */
export const AG_UNKNOWN_STATE = 'Unknown state';

const fail = (what: string) => async (): Promise<never> => {
  throw unsupported(what);
};

/** What the host's ShowPayment reports: `{ info: { status, invoice } | null, status: <window open> }`. */
type PaymentReport = { info?: { status?: unknown } | null; status?: unknown } | null;

/**
 * Absolute Games (ag.ru), over the host's postMessage protocol (ag-wire.ts; README.md): a
 * logged-in player signs in on our server with the signed iframe parameters; a guest plays,
 * and buying asks the host to authorize and answers 'Not authorized'. When the host pushes new
 * parameters (agru-optionsUpdates), the same player only refreshes them; another player id
 * reloads the page with them, which signs that player in. Purchases: our server issues a
 * payment token (POST /platforms/payment with the AbsoluteGames block), the host's ShowPayment
 * takes it, and AG's signed notification pays the order on our server; the portal then finds
 * it. The game's result leaves out usdAmount. Ads are AG's campaigns; social calls are not AG's.
 */
export const agAdapter: AdapterFactory = (context): PlatformAdapter => {
  let options: AgOptions = parseAgOptions(new URLSearchParams(context.launchQuery));
  const framed = typeof window !== 'undefined' && window.parent !== window;
  const launched = framed && !!options.appId && !!options.authKey && !!options.playerId;
  const listeners = new Set<(event: HostEvent) => void>();
  let wire: AgWire | null = null;

  const requireWire = (): AgWire => {
    if (!launched) throw new SdkError('not_available', 'This page was not launched by Absolute Games');
    if (!wire) throw new SdkError('not_initialized', 'The Absolute Games host is not connected');
    return wire;
  };
  /** A guest is asked to log in on ag.ru; whatever they do there, this call answers 'Not authorized'. */
  const authorizeGuest = async (): Promise<never> => {
    await requireWire().call(AG_MESSAGES.authorize, {});
    throw new SdkError('guest', AG_NOT_AUTHORIZED);
  };
  const onOptionsUpdate = (next: AgOptions) => {
    context.log('Absolute Games options update', { playerId: next.playerId, guest: next.guest });
    if (next.playerId === options.playerId) {
      options = next;
      return;
    }
    // Another player (a guest who logged in, or another account): start over as them.
    window.location.search = agOptionsQuery(next);
  };

  return {
    name: 'ag',
    platform: 'AbsoluteGames',
    get abilities() {
      return wire ? (['AdsAvailable'] as const) : [];
    },
    get paymentsAvailable() {
      return !!wire;
    },
    async init() {
      if (!launched) {
        context.log('not launched by Absolute Games: the AG adapter answers not_available');
        return;
      }
      const origin = hostOriginOf();
      if (!origin) throw new SdkError('not_available', 'The Absolute Games host page is unknown');
      const opened = openAgWire(window.parent, origin);
      opened.onOptionsUpdate((values) => onOptionsUpdate(parseAgOptions(values)));
      const [hello] = await opened.call(AG_MESSAGES.hello, {});
      context.log('Absolute Games host', hello);
      wire = opened;
    },
    socialProfile(): SocialProfile {
      return {
        userId: launched && !isAgGuest(options) ? options.playerId : null,
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
      launched && !isAgGuest(options)
        ? { Social: 'AbsoluteGames', AbsoluteGamesLogin: { QueryString: context.launchQuery, UserAuth: '' } }
        : null,
    // Only a guest is prompted (the portal asks when nobody is signed in).
    promptSignIn: async () => (isAgGuest(options) ? authorizeGuest() : null),
    friends: fail('The friends list'),
    invite: fail('Inviting friends'),
    share: fail('Sharing'),
    joinCommunity: fail('Joining a community'),
    addToFavourites: fail('Adding to favourites'),
    ads: agAds(() => requireWire(), notAvailable),
    review: {
      canReview: async () => ({ canReview: false, reason: 'not_available' }),
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
    async purchase(sku, developerPayload) {
      const host = requireWire();
      if (isAgGuest(options)) return authorizeGuest();
      const started = await context.portal.platformPayment(sku, developerPayload, {
        AbsoluteGames: agPaymentBlock(options),
      });
      const token = started.AbsoluteGames?.Token;
      if (!token)
        throw new SdkError('payment_not_completed', 'Failed to create payment in ag adapter - token is empty');
      // The host answers once when its window opens and again, with status false, when it closes.
      const [report, error] = await host.call(
        AG_MESSAGES.showPayment,
        token,
        (result) => (result as PaymentReport)?.status === false,
      );
      if (error) throw new SdkError('payment_not_completed', `Payment not completed: ${String(error)}`);
      const state = (report as PaymentReport)?.info?.status;
      // The client's word proves nothing: the portal now waits for the order AG's notification paid.
      if (state === 'success') {
        return { kind: 'platform-order', sku, externalOrderId: started.OrderId, omitUsdAmount: true };
      }
      if (state === undefined || state === 'cancel') {
        throw new SdkError('cancelled', 'User closed payment window');
      }
      if (state === 'fail' || state === 'troubled') {
        throw new SdkError('payment_not_completed', 'Payment not completed');
      }
      throw new SdkError('payment_not_completed', AG_UNKNOWN_STATE);
    },
  };
};
