import type { FxidSdk, Purchase, StoreProduct } from '@fxid/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { gameFromLocation } from './catalog.js';
import { getLocale, setLocale } from './i18n.js';
import { collectPurchases } from './purchases.js';
import { listenToPortal } from './session.js';
import type { Shell } from './shell.js';

afterEach(() => setLocale('en'));

const product = (sku: string, name: string): StoreProduct => ({
  sku,
  name,
  description: '',
  price: { localizedPrice: '$0.99', price: 0.99, currencySymbol: '$', currencyIso: 'USD' },
});

/** A shell over a fake SDK whose portal events the test fires by hand. */
function fakeShell(sdk: Partial<FxidSdk>) {
  const listeners = new Map<string, (payload: unknown) => void>();
  const granted: [string, number][] = [];
  const shell = {
    sdk: { on: (event: string, listener: (payload: unknown) => void) => listeners.set(event, listener), ...sdk },
    log: { element: {} as HTMLElement, add: vi.fn() },
    meta: gameFromLocation('?game=sky-runner'),
    game: {},
    info: { fxId: { guest: false } },
    products: [],
    toast: vi.fn(),
    addToWallet: vi.fn(),
    grant: (sku: string, quantity = 1) => granted.push([sku, quantity]),
    hasFlag: () => false,
    setLanguage: (locale: 'en' | 'ru') => setLocale(locale),
    render: vi.fn(),
  } as unknown as Shell;
  const fire = (event: string, payload?: unknown) => listeners.get(event)?.(payload);
  return { shell, fire, granted };
}

describe('the demo game and the portal', () => {
  it('asks for the store front again in the new language when the portal switches it', async () => {
    const storeFront = vi.fn(async () => ({
      products: [product('stars_100', getLocale() === 'ru' ? '100 звёзд' : '100 stars')],
    }));
    const { shell, fire } = fakeShell({ storeFront } as Partial<FxidSdk>);
    listenToPortal(shell);
    fire('languageChange', { lang: 'ru' });
    await vi.waitFor(() => expect(shell.products.map((each) => each.name)).toEqual(['100 звёзд']));
    expect(getLocale()).toBe('ru');
    expect(shell.render).toHaveBeenCalled();
  });

  it('grants each waiting purchase once: consumables after consuming them, one-time products without', async () => {
    const purchase = (transactionId: string, sku: string, productType: string): Purchase => ({
      transactionId,
      sku,
      productType,
      products: [{ sku, quantity: 1 }],
      stats: { currency: 'USD', currencyAmount: 0.99 },
      purchasedAt: '2026-11-23T12:00:00.000Z',
    });
    const consumed = new Set<string>(['ord_taken_elsewhere']);
    const consumePurchase = vi.fn(async (id: string) => {
      if (consumed.has(id)) throw Object.assign(new Error('already'), { code: 'purchase_already_consumed' });
      consumed.add(id);
      return { consumed: true as const };
    });
    const getPurchases = vi.fn(async () => [
      purchase('ord_stars', 'stars_100', 'Consumable'),
      purchase('ord_no_ads', 'no_ads', 'NonConsumable'),
      purchase('ord_taken_elsewhere', 'stars_550', 'Consumable'),
    ]);
    const { shell, granted } = fakeShell({ getPurchases, consumePurchase } as Partial<FxidSdk>);
    expect(await collectPurchases(shell)).toBe(2);
    expect(granted).toEqual([
      ['stars_100', 1],
      ['no_ads', 1],
    ]);
    expect(consumePurchase.mock.calls.map(([id]) => id)).toEqual(['ord_stars', 'ord_taken_elsewhere']);
    // At the next start the one-time product is listed again but has already arrived.
    getPurchases.mockResolvedValueOnce([purchase('ord_no_ads', 'no_ads', 'NonConsumable')]);
    shell.hasFlag = (flag) => flag === 'noAds';
    expect(await collectPurchases(shell)).toBe(0);
  });

  it('asks nothing for a guest', async () => {
    const getPurchases = vi.fn(async () => []);
    const { shell } = fakeShell({ getPurchases } as Partial<FxidSdk>);
    shell.info = { fxId: { guest: true } } as Shell['info'];
    expect(await collectPurchases(shell)).toBe(0);
    expect(getPurchases).not.toHaveBeenCalled();
  });
});
