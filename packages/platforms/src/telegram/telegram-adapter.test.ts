import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformPaymentStart, PortalFeatures } from '../adapter.js';
import { TELEGRAM_DATA_EMPTY, TELEGRAM_USER_MISSING, telegramAdapter } from './telegram-adapter.js';
import { invoiceSlug } from './telegram-launch.js';

/** Telegram Web around the page: the parent window records events and answers as the host would. */
const host = vi.hoisted(() => ({
  sent: [] as { eventType: string; eventData: unknown }[],
  listeners: [] as ((event: { source: unknown; data: unknown }) => void)[],
  onEvent: (_eventType: string, _eventData: Record<string, unknown>) => {},
}));
const parent = {
  postMessage: (text: string, origin: string) => {
    expect(origin).toBe('*');
    const message = JSON.parse(text);
    host.sent.push(message);
    host.onEvent(message.eventType, message.eventData);
  },
};
const fromTelegram = (eventType: string, eventData: unknown, source: unknown = parent) => {
  for (const listener of host.listeners) listener({ source, data: JSON.stringify({ eventType, eventData }) });
};

const USER = { id: 279058397, first_name: 'Vladislav', last_name: 'Kibenko', language_code: 'ru' };
const INIT_DATA = new URLSearchParams({ user: JSON.stringify(USER), auth_date: '1', hash: 'ab' }).toString();
const HASH = `#tgWebAppData=${encodeURIComponent(INIT_DATA)}&tgWebAppVersion=8.0&tgWebAppPlatform=weba`;

const make = (launchHash = HASH, platformPayment?: PortalFeatures['platformPayment']) =>
  telegramAdapter({
    game: 'sky-runner',
    launchQuery: '',
    launchHash,
    locale: () => 'en',
    portal: { platformPayment } as PortalFeatures,
    scriptUrls: {},
    verifySignedPurchases: async () => [],
    log: () => {},
  });
const invoiceAt = (url: string) => async (): Promise<PlatformPaymentStart> => ({
  OrderId: 'tgi_order1',
  Telegram: { InvoiceUrl: url },
});

beforeEach(() => {
  host.sent.length = 0;
  host.listeners.length = 0;
  host.onEvent = () => {};
  vi.stubGlobal('window', {
    parent,
    addEventListener: (_type: string, listener: (event: { source: unknown; data: unknown }) => void) =>
      host.listeners.push(listener),
  });
});

describe('the Telegram adapter', () => {
  it('reads the player from the launch hash, signs in with the raw initData, and tells Telegram it is ready', async () => {
    const adapter = make();
    await adapter.init();
    expect(adapter.signInPayload()).toEqual({ Social: 'Telegram', TelegramLogin: { InitData: INIT_DATA } });
    expect(adapter.socialProfile()).toMatchObject({
      userId: '279058397',
      displayName: 'Vladislav Kibenko',
      socialLocale: 'ru',
      socialFlavor: 'weba',
    });
    expect(adapter.paymentsAvailable).toBe(true);
    expect(host.sent.map((message) => message.eventType)).toEqual([
      'web_app_ready',
      'web_app_expand',
      'web_app_request_theme',
      'web_app_request_viewport',
    ]);
  });

  it('opened outside Telegram answers not_available and signs nobody in', async () => {
    const adapter = make('');
    await adapter.init();
    expect(adapter.signInPayload()).toBeNull();
    expect(adapter.paymentsAvailable).toBe(false);
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'not_available' });
    expect(host.sent).toEqual([]);
  });

  it("without a user, says 'Telegram user is missing!' and cannot buy", async () => {
    const noUser = new URLSearchParams({ auth_date: '1', hash: 'ab' }).toString();
    const adapter = make(`#tgWebAppData=${encodeURIComponent(noUser)}`);
    await adapter.init();
    expect(adapter.signInPayload()).toBeNull();
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({
      code: 'guest',
      message: TELEGRAM_USER_MISSING,
    });
  });

  it('buys through web_app_open_invoice: paid and pending name our order, cancelled and failed reject', async () => {
    const statuses: [string, unknown][] = [
      ['paid', { kind: 'platform-order', sku: 'stars_100', externalOrderId: 'tgi_order1' }],
      ['pending', { kind: 'platform-order', sku: 'stars_100', externalOrderId: 'tgi_order1' }],
    ];
    for (const [status, expected] of statuses) {
      const adapter = make(HASH, invoiceAt('https://t.me/$AbC-123_x'));
      await adapter.init();
      host.onEvent = (eventType, data) => {
        if (eventType !== 'web_app_open_invoice') return;
        // A message from elsewhere, and another invoice's close, change nothing.
        fromTelegram('invoice_closed', { slug: data.slug, status: 'cancelled' }, {});
        fromTelegram('invoice_closed', { slug: 'other', status: 'cancelled' });
        fromTelegram('invoice_closed', { slug: data.slug, status });
      };
      expect(await adapter.purchase('stars_100')).toEqual(expected);
      expect(host.sent.at(-1)).toEqual({ eventType: 'web_app_open_invoice', eventData: { slug: 'AbC-123_x' } });
    }
    for (const [status, code] of [
      ['cancelled', 'cancelled'],
      ['failed', 'payment_not_completed'],
    ]) {
      const adapter = make(HASH, invoiceAt('https://t.me/invoice/slug1'));
      await adapter.init();
      host.onEvent = (eventType, data) => {
        if (eventType === 'web_app_open_invoice') fromTelegram('invoice_closed', { slug: data.slug, status });
      };
      await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code });
    }
  });

  it('refuses an answer without the Telegram block (spec: telegram data is empty)', async () => {
    const adapter = make(HASH, async () => ({ OrderId: 'tgi_order1' }));
    await adapter.init();
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ message: TELEGRAM_DATA_EMPTY });
  });

  it('shares through t.me/share, has no ads, and turns visibility into pause and resume', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.share('https://fxid.example/play/sky-runner', 'Fly with me')).toEqual({ shared: true });
    expect(host.sent.at(-1)).toEqual({
      eventType: 'web_app_open_tg_link',
      eventData: {
        path_full: '/share/url?url=https%3A%2F%2Ffxid.example%2Fplay%2Fsky-runner&text=Fly+with+me',
      },
    });
    await expect(adapter.ads.showVideo()).rejects.toMatchObject({ code: 'not_available' });
    await expect(adapter.friends()).rejects.toMatchObject({ code: 'unsupported' });
    const events: string[] = [];
    adapter.onHostEvent((event) => events.push(event.type));
    fromTelegram('visibility_changed', { is_visible: false });
    fromTelegram('visibility_changed', { is_visible: true });
    expect(events).toEqual(['pause', 'resume']);
  });

  it('accepts only the invoice links openInvoice accepts', () => {
    expect(invoiceSlug('https://t.me/$abc')).toBe('abc');
    expect(invoiceSlug('https://t.me/invoice/abc')).toBe('abc');
    expect(invoiceSlug('https://evil.example/$abc')).toBeNull();
    expect(invoiceSlug('https://t.me/abc')).toBeNull();
  });

  it('keeps saves in CloudStorage through custom methods answered by req_id, and ignores answers to other requests', async () => {
    const stored = new Map<string, string>();
    host.onEvent = (eventType, data) => {
      if (eventType !== 'web_app_invoke_custom_method') return;
      const { req_id, method, params } = data as { req_id: string; method: string; params: Record<string, unknown> };
      // A stray answer first (another request's id): it must not settle this one.
      fromTelegram('custom_method_invoked', { req_id: 'other', result: { s_progress: 'wrong' } });
      let result: unknown = true;
      if (method === 'getStorageValues')
        result = Object.fromEntries((params.keys as string[]).map((key) => [key, stored.get(key) ?? '']));
      if (method === 'saveStorageValue') stored.set(String(params.key), String(params.value));
      if (method === 'getStorageKeys') result = [...stored.keys()];
      queueMicrotask(() => fromTelegram('custom_method_invoked', { req_id, result }));
    };
    const adapter = make();
    await adapter.init();
    const storage = adapter.storage;
    if (!storage) throw new Error('no storage after init');
    expect(await storage.set({ progress: { rounds: 1 } })).toEqual({ versions: { progress: 1 } });
    expect(await storage.get(['progress'])).toMatchObject({ progress: { value: { rounds: 1 }, version: 1 } });
    expect(host.sent.filter((message) => message.eventType === 'web_app_invoke_custom_method')).toContainEqual({
      eventType: 'web_app_invoke_custom_method',
      eventData: expect.objectContaining({
        method: 'saveStorageValue',
        params: expect.objectContaining({ key: 's_progress' }),
      }),
    });
    // Telegram's error comes back as not_available with its text.
    host.onEvent = (eventType, data) => {
      if (eventType === 'web_app_invoke_custom_method')
        queueMicrotask(() =>
          fromTelegram('custom_method_invoked', { req_id: data.req_id, error: 'STORAGE_KEY_INVALID' }),
        );
    };
    await expect(storage.get(['progress'])).rejects.toMatchObject({
      code: 'not_available',
      message: 'Telegram: STORAGE_KEY_INVALID',
    });
  });

  it('has no storage outside Telegram', () => {
    expect(make('').storage).toBeUndefined();
  });
});
