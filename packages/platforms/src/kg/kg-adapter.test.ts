import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseVerdict, SignedPurchaseProof } from '../adapter.js';
import { kongregateAdapter } from './kg-adapter.js';

/** The Kongregate JS API stood in by a fake (platform-protocols.md §3). */
function fakeKongregate() {
  const calls: string[] = [];
  const state = { guest: false, pay: true, login: undefined as (() => void) | undefined };
  const api = {
    services: {
      connect: () => calls.push('connect'),
      isGuest: () => state.guest,
      getUsername: () => (state.guest ? 'Guest123' : 'kong_fan'),
      getUserId: () => (state.guest ? 0 : 4242),
      getGameAuthToken: () => (state.guest ? '' : 'token-4242'),
      showSignInBox: () => calls.push('showSignInBox'),
      showRegistrationBox: () => calls.push('showRegistrationBox'),
      addEventListener: (_name: string, listener: () => void) => {
        state.login = listener;
      },
    },
    mtx: {
      purchaseItems: (items: string[], callback: (result: { success: boolean }) => void) => {
        calls.push(`purchaseItems ${items.join(',')}`);
        callback({ success: state.pay });
      },
    },
    stats: { submit: (name: string, value: number) => calls.push(`stat ${name}=${value}`) },
  };
  return { calls, state, loader: { loadAPI: (callback: () => void) => callback(), getAPI: () => api } };
}

let kg = fakeKongregate();
let verdicts: PurchaseVerdict[] = [];
const proofs: SignedPurchaseProof[] = [];
const reload = vi.fn();
const make = () =>
  kongregateAdapter({
    game: 'gem-garden',
    launchQuery: '',
    locale: () => 'en',
    portal: {} as never,
    scriptUrls: { kg: '/never-loaded.js' },
    verifySignedPurchases: async (proof) => {
      proofs.push(proof);
      return verdicts;
    },
    log: () => {},
  });
const item = (token: string, sku: string, success = true): PurchaseVerdict => ({
  token,
  success,
  sku,
  transactionId: success ? `ord_${token}` : null,
  errorCode: success ? null : 'platform_product_unknown',
});

beforeEach(() => {
  kg = fakeKongregate();
  verdicts = [];
  proofs.length = 0;
  reload.mockReset();
  vi.stubGlobal('window', { parent: {}, kongregateAPI: kg.loader, location: { reload } });
});

describe('the Kongregate adapter', () => {
  it('a Kongregate player signs in with user id and game auth token', async () => {
    const adapter = make();
    await adapter.init();
    expect(kg.calls).toContain('connect');
    expect(adapter.signInPayload()).toEqual({
      Social: 'Kongregate',
      Kongregate: { UserId: '4242', GameAuthToken: 'token-4242' },
    });
    expect(adapter.socialProfile()).toMatchObject({ userId: '4242', displayName: 'kong_fan' });
  });

  it('buys with mtx.purchaseItems, has the server take the items, and names the order by the item id', async () => {
    const adapter = make();
    await adapter.init();
    verdicts = [item('9001', 'gems_50'), item('9002', 'other', false)];
    await expect(adapter.purchase('gems_50')).resolves.toEqual({
      kind: 'platform-order',
      sku: 'gems_50',
      externalOrderId: '9001',
    });
    expect(kg.calls).toContain('purchaseItems gems_50');
    expect(proofs).toEqual([{ platform: 'Kongregate', gameAuthToken: 'token-4242' }]);
  });

  it('a closed purchase window is cancelled; an item the server did not take is not validated', async () => {
    const adapter = make();
    await adapter.init();
    kg.state.pay = false;
    await expect(adapter.purchase('gems_50')).rejects.toMatchObject({ code: 'cancelled' });
    expect(proofs).toEqual([]);
    kg.state.pay = true;
    verdicts = [item('9003', 'gems_50', false)];
    await expect(adapter.purchase('gems_50')).rejects.toMatchObject({
      code: 'payment_not_completed',
      message: 'Purchase not validated',
    });
  });

  it('a guest plays unsigned; buying shows the registration box and answers guest', async () => {
    kg.state.guest = true;
    const adapter = make();
    await adapter.init();
    expect(adapter.signInPayload()).toBeNull();
    await expect(adapter.purchase('gems_50')).rejects.toMatchObject({ code: 'guest', message: 'guest' });
    await expect(adapter.promptSignIn?.()).rejects.toMatchObject({ code: 'guest', message: 'guest' });
    expect(kg.calls.filter((call) => call === 'showRegistrationBox')).toHaveLength(2);
    expect(kg.calls.some((call) => call.startsWith('purchaseItems'))).toBe(false);
  });

  it('signing in inside the page reloads it; stats go to kongregate.stats', async () => {
    const adapter = make();
    await adapter.init();
    kg.state.login?.();
    expect(reload).toHaveBeenCalledTimes(1);
    adapter.stat?.({ section: 'game', type: 'score', name: 'best', value: 12 });
    expect(kg.calls).toContain('stat best=12');
  });
});
