import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformPaymentStart, PortalFeatures, PurchaseVerdict, SignedPurchaseProof } from '../adapter.js';
import { steamAdapter } from './steam-adapter.js';
import type { SteamBridge } from './steam-bridge.js';

const APP_ID = 2400001;

/** The desktop wrapper's bridge as a fake: tickets handed out, and the overlay answered by the test. */
function fakeBridge() {
  const listeners = new Set<(response: { appId: number; orderId: string; authorized: boolean }) => void>();
  let issued = 0;
  const bridge: SteamBridge = {
    appId: async () => APP_ID,
    player: async () => ({ steamId: '76561190000000042', name: 'Gabe' }),
    getAuthTicketForWebApi: async (identity) =>
      `${identity === 'fxid' ? 'AA' : 'FF'}${String(++issued).padStart(30, '0')}`,
    onMicroTxnAuthorizationResponse: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const overlay = (orderId: string, authorized: boolean, appId = APP_ID) => {
    for (const listener of listeners) listener({ appId, orderId, authorized });
  };
  return { bridge, overlay };
}

let steam = fakeBridge();
let settled: SignedPurchaseProof[] = [];
let verdicts: (proof: SignedPurchaseProof) => PurchaseVerdict[] = () => [];
const START: PlatformPaymentStart = { OrderId: '9001', Steam: { OrderId: '9001', TransId: '77' } };

const make = () =>
  steamAdapter({
    game: 'sky-runner',
    launchQuery: '',
    locale: () => 'en',
    portal: { platformPayment: async () => START } as unknown as PortalFeatures,
    scriptUrls: {},
    verifySignedPurchases: async (proof) => {
      settled.push(proof);
      return verdicts(proof);
    },
    log: () => {},
  });
const delivered = (orderId: string): PurchaseVerdict => ({
  token: orderId,
  success: true,
  sku: 'stars_100',
  transactionId: 'ord_1',
  errorCode: null,
});

beforeEach(() => {
  steam = fakeBridge();
  settled = [];
  verdicts = () => [];
  vi.stubGlobal('window', { fxidSteam: steam.bridge });
});
afterEach(() => vi.unstubAllGlobals());

describe('the Steam adapter', () => {
  it('signs in with a ticket made for our identity, each ticket once', async () => {
    const adapter = make();
    await adapter.init();
    expect(adapter.socialProfile()).toMatchObject({ userId: '76561190000000042', displayName: 'Gabe' });
    const first = adapter.signInPayload();
    expect(first).toEqual({ Social: 'Steam', SteamLogin: { Ticket: `AA${'1'.padStart(30, '0')}` } });
    await Promise.resolve();
    await Promise.resolve();
    const second = adapter.signInPayload();
    expect(second?.SteamLogin).not.toEqual(first?.SteamLogin);
    expect(adapter.paymentsAvailable).toBe(true);
  });

  it('approved in the overlay: the server settles it, and the portal finds the order', async () => {
    const adapter = make();
    await adapter.init();
    verdicts = () => [delivered('9001')];
    const buying = adapter.purchase('stars_100');
    await vi.waitFor(() => expect(settled).toEqual([]));
    // An answer for another app is not ours.
    steam.overlay('9001', false, 480);
    steam.overlay('9001', true);
    expect(await buying).toEqual({ kind: 'platform-order', sku: 'stars_100', externalOrderId: '9001' });
    expect(settled).toEqual([{ platform: 'Steam', orderId: '9001' }]);
  });

  it('denied is cancelled (the server still told); approved but not delivered is Payment not completed', async () => {
    const adapter = make();
    await adapter.init();
    const denied = adapter.purchase('stars_100');
    setTimeout(() => steam.overlay('9001', false));
    await expect(denied).rejects.toMatchObject({ code: 'cancelled', message: 'User closed payment window' });
    expect(settled).toEqual([{ platform: 'Steam', orderId: '9001' }]);
    verdicts = () => [{ ...delivered('9001'), success: false, errorCode: 'steam_failed' }];
    const failed = adapter.purchase('stars_100');
    setTimeout(() => steam.overlay('9001', true));
    await expect(failed).rejects.toMatchObject({ code: 'payment_not_completed', message: 'Payment not completed' });
  });

  it('settles open transactions once signed in; without a bridge it is not available', async () => {
    const adapter = make();
    await adapter.init();
    await adapter.settlePendingPurchases?.();
    expect(settled).toEqual([{ platform: 'Steam' }]);
    vi.stubGlobal('window', {});
    const outside = make();
    await outside.init();
    expect(outside.signInPayload()).toBeNull();
    expect(outside.paymentsAvailable).toBe(false);
    await expect(outside.purchase('stars_100')).rejects.toMatchObject({ code: 'not_available' });
  });
});
