import { SdkError } from '@fxid/sdk/host';
import type { AdapterFactory, HostEvent, PlatformAdapter, PlatformStorage, SocialProfile } from '../adapter.js';
import { unsupportedCall } from '../errors.js';
import { noAds } from '../no-ads.js';
import { customMethods, type TelegramBridge, telegramBridge } from './telegram-bridge.js';
import { invoiceSlug, parseTelegramLaunch } from './telegram-launch.js';
import { telegramStorage } from './telegram-storage.js';

/** Spec store §4, §8: the Telegram adapter's own errors. */
export const TELEGRAM_USER_MISSING = 'Telegram user is missing!';
export const TELEGRAM_DATA_EMPTY = 'Failed to create payment in telegram adapter - telegram data is empty';

/** invoice_closed statuses (platform-protocols.md §13f). */
type InvoiceStatus = 'paid' | 'cancelled' | 'failed' | 'pending';

/**
 * Telegram Mini Apps over Telegram's own client protocol (telegram-bridge.ts): the
 * player is signed in on our server by the launch hash's initData (its hash is checked
 * there with the bot token); purchases are Telegram Stars invoices our server makes,
 * opened with web_app_open_invoice, and complete on our server by the bot's
 * successful_payment; the portal then finds the paid order by our invoice id.
 * Telegram has no ads, friends list, invites or rating for Mini Apps.
 */
export const telegramAdapter: AdapterFactory = (context): PlatformAdapter => {
  const launch = parseTelegramLaunch(context.launchHash ?? '');
  const inWindow = typeof window !== 'undefined';
  const hosted =
    inWindow && (window.parent !== window || !!(window as { TelegramWebviewProxy?: unknown }).TelegramWebviewProxy);
  // Opened outside Telegram (no initData, or nothing around the page to answer), nothing answers.
  const launched = !!launch.initData && hosted;
  const listeners = new Set<(event: HostEvent) => void>();
  let bridge: TelegramBridge | null = null;
  let saves: PlatformStorage | null = null;

  const requireBridge = (): TelegramBridge => {
    if (!launched) throw new SdkError('not_available', 'This page was not launched by Telegram');
    if (!bridge) throw new SdkError('not_initialized', 'The Telegram bridge is not initialised');
    return bridge;
  };

  /** Opens the invoice and resolves with how Telegram closed it (invoice_closed for the same slug). */
  const openInvoice = (slug: string) =>
    new Promise<InvoiceStatus>((resolve) => {
      const telegram = requireBridge();
      const stop = telegram.on((eventType, data) => {
        if (eventType !== 'invoice_closed' || data.slug !== slug) return;
        stop();
        resolve(String(data.status) as InvoiceStatus);
      });
      telegram.post('web_app_open_invoice', { slug });
    });

  return {
    name: 'telegram',
    platform: 'Telegram',
    abilities: [],
    paymentsAvailable: launched && !!launch.user,
    async init() {
      if (!launched) {
        context.log('not launched by Telegram: the Telegram adapter answers not_available');
        return;
      }
      bridge = telegramBridge(window);
      saves = telegramStorage(customMethods(bridge));
      bridge.on((eventType, data) => {
        // Telegram 8.0+ says when the Mini App is hidden or shown again (app minimised, chat switched).
        if (eventType === 'visibility_changed') {
          const type = data.is_visible === false ? 'pause' : 'resume';
          for (const listener of listeners) listener({ type });
        }
        if (eventType === 'viewport_changed' || eventType === 'theme_changed')
          context.log(`Telegram ${eventType}`, data);
      });
      if (!launch.user) context.log(TELEGRAM_USER_MISSING);
      // The portal is ready to show: Telegram hides its placeholder and gives the game the whole height.
      bridge.post('web_app_ready');
      bridge.post('web_app_expand');
      bridge.post('web_app_request_theme');
      bridge.post('web_app_request_viewport');
    },
    socialProfile(): SocialProfile {
      const user = launch.user;
      const firstName = user?.first_name ?? '';
      const lastName = user?.last_name ?? '';
      return {
        userId: user ? String(user.id) : null,
        displayName: `${firstName} ${lastName}`.trim() || (user?.username ?? ''),
        firstName,
        lastName,
        photo: user?.photo_url ? { url: user.photo_url, width: 160, height: 160 } : null,
        gender: 'unspecified',
        socialLocale: user?.language_code ?? context.locale(),
        socialFlavor: launch.platform,
      };
    },
    signInPayload: () =>
      launched && launch.user ? { Social: 'Telegram', TelegramLogin: { InitData: launch.initData } } : null,
    friends: unsupportedCall('The friends list'),
    invite: unsupportedCall('Inviting friends'),
    share: async (link, text) => {
      // Telegram's share sheet: t.me/share/url, opened inside Telegram (openTelegramLink).
      const query = new URLSearchParams({ url: link, ...(text ? { text } : {}) });
      requireBridge().post('web_app_open_tg_link', { path_full: `/share/url?${query}` });
      return { shared: true };
    },
    joinCommunity: unsupportedCall('Joining a community'),
    addToFavourites: unsupportedCall('Adding to favourites'),
    // Telegram has no ad network for Mini Apps.
    ads: noAds('Video ads', 'Interstitial ads', 'Banner ads'),
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
    // Telegram's CloudStorage, once launched by Telegram (the catalog's CloudSaves decides whether it is used).
    get storage() {
      return saves ?? undefined;
    },
    async purchase(sku, developerPayload) {
      requireBridge();
      if (!launch.user) throw new SdkError('guest', TELEGRAM_USER_MISSING);
      const started = await context.portal.platformPayment(sku, developerPayload);
      const url = started.Telegram?.InvoiceUrl;
      const slug = url ? invoiceSlug(url) : null;
      if (!slug) throw new SdkError('payment_not_completed', TELEGRAM_DATA_EMPTY);
      const status = await openInvoice(slug);
      // The client's word proves nothing (security.md §3c): the portal now waits for our server's order.
      if (status === 'paid' || status === 'pending') {
        return { kind: 'platform-order', sku, externalOrderId: started.OrderId };
      }
      if (status === 'cancelled') throw new SdkError('cancelled', 'UserCancelled: the player closed the invoice');
      throw new SdkError('payment_not_completed', `Unknown: the Telegram invoice ended ${status}`);
    },
  };
};
