import { SdkError } from '@fxid/sdk/host';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalFeatures, PurchaseVerdict, SignedPurchaseProof } from '../adapter.js';
import { fxNativeAdapter } from './fxnative-adapter.js';
import type { FxNativeBridge, NativeReceipt } from './fxnative-bridge.js';

const receipt = (id: string): NativeReceipt => ({ Store: 'AppStore', TransactionId: id });

/** The native app's bridge as a fake: the store sheet answers what the test says; finished receipts kept. */
function fakeApp(signedIn = true) {
  let sheet: NativeReceipt | null | Error = receipt('2000000001');
  const finished: NativeReceipt[] = [];
  const pending: NativeReceipt[] = [];
  const bridge: FxNativeBridge = {
    signInToken: async () => (signedIn ? 'native-sign-in-token-0001' : null),
    signal: () => {},
    onLifecycle: () => () => {},
    purchase: async () => {
      if (sheet instanceof Error) throw sheet;
      return sheet;
    },
    finishPurchase: async (done) => {
      finished.push(done);
    },
    pendingPurchases: async () => pending,
  };
  return { bridge, finished, pending, answer: (next: NativeReceipt | null | Error) => (sheet = next) };
}

let app = fakeApp();
let checked: SignedPurchaseProof[] = [];
let verdict: (proof: SignedPurchaseProof) => Promise<PurchaseVerdict[]>;
const delivered = (orderId: string): PurchaseVerdict[] => [
  {
    token: orderId,
    success: true,
    sku: 'stars_100',
    transactionId: 'ord_1',
    errorCode: null,
    externalOrderId: orderId,
  },
];
const make = () =>
  fxNativeAdapter({
    game: 'sky-runner',
    launchQuery: '',
    locale: () => 'en',
    portal: {} as PortalFeatures,
    scriptUrls: {},
    verifySignedPurchases: (proof) => {
      checked.push(proof);
      return verdict(proof);
    },
    log: () => {},
  });

beforeEach(() => {
  app = fakeApp();
  checked = [];
  verdict = async () => delivered('as:2000000001');
  vi.stubGlobal('window', { fxidNative: app.bridge });
});
afterEach(() => vi.unstubAllGlobals());

describe('the FxNative adapter', () => {
  it('signs in with the app’s token and buys through the store: validated by our server, then finished', async () => {
    const adapter = make();
    await adapter.init();
    expect(adapter.signInPayload()).toEqual({
      Social: 'FxNative',
      FxNativeLogin: { Token: 'native-sign-in-token-0001' },
    });
    expect(adapter.paymentsAvailable).toBe(true);
    expect(await adapter.purchase('stars_100')).toEqual({
      kind: 'platform-order',
      sku: 'stars_100',
      externalOrderId: 'as:2000000001',
    });
    expect(checked).toEqual([{ platform: 'FxNative', receipt: receipt('2000000001') }]);
    expect(app.finished).toEqual([receipt('2000000001')]);
  });

  it('cancelled in the sheet buys nothing; refused by our server is not finished on the device', async () => {
    const adapter = make();
    await adapter.init();
    app.answer(null);
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'cancelled' });
    expect(checked).toEqual([]);
    app.answer(receipt('2000000002'));
    verdict = async () => Promise.reject(new SdkError('native_receipt_refunded', 'refunded'));
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'native_receipt_refunded' });
    app.answer(new SdkError('store_failed', 'The store failed'));
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'store_failed' });
    expect(app.finished).toEqual([]);
  });

  it('recovery: pending purchases delivered now or before are finished; others stay', async () => {
    const adapter = make();
    await adapter.init();
    app.pending.push(receipt('1'), receipt('2'), receipt('3'));
    verdict = async (proof) => {
      const id = proof.platform === 'FxNative' && proof.receipt.Store === 'AppStore' ? proof.receipt.TransactionId : '';
      if (id === '2') throw new SdkError('native_receipt_replayed', 'already delivered');
      if (id === '3') throw new SdkError('service_unavailable', 'Apple is down');
      return delivered(`as:${id}`);
    };
    await adapter.settlePendingPurchases?.();
    expect(app.finished).toEqual([receipt('1'), receipt('2')]);
  });

  it('without the app’s own player, or outside the app, purchases are not available', async () => {
    vi.stubGlobal('window', { fxidNative: fakeApp(false).bridge });
    const signedOut = make();
    await signedOut.init();
    expect(signedOut.paymentsAvailable).toBe(false);
    await expect(signedOut.purchase('stars_100')).rejects.toMatchObject({ code: 'not_available' });
    vi.stubGlobal('window', {});
    const outside = make();
    await outside.init();
    expect(outside.signInPayload()).toBeNull();
    await expect(outside.purchase('stars_100')).rejects.toMatchObject({ code: 'not_available' });
  });
});
