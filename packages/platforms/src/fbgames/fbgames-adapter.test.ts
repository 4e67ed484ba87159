import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformPaymentStart, PortalFeatures } from '../adapter.js';
import type { FbLoginStatus, FbUiResponse } from './fb-sdk.js';
import { fbGamesAdapter } from './fbgames-adapter.js';

/** Facebook's JS SDK stood in by a fake whose every answer a test may change. */
function fakeFb() {
  const calls: string[] = [];
  const state = {
    status: {
      status: 'connected',
      authResponse: { userID: '4400000000000001', signedRequest: 'signed-request' },
    } as FbLoginStatus,
    loginAnswer: { status: 'not_authorized' } as FbLoginStatus,
    ui: async (_params: Record<string, unknown>): Promise<FbUiResponse | undefined> => ({
      payment_id: '1',
      status: 'completed',
    }),
  };
  const FB = {
    init: (options: { appId: string }) => void calls.push(`init ${options.appId}`),
    getLoginStatus: (callback: (status: FbLoginStatus) => void) => callback(state.status),
    login: (callback: (status: FbLoginStatus) => void) => {
      calls.push('login');
      callback(state.loginAnswer);
    },
    ui: (params: Record<string, unknown>, callback: (response: FbUiResponse | undefined) => void) => {
      calls.push(`ui ${params.method} ${params.product ?? ''} ${params.request_id ?? ''}`.trim());
      void state.ui(params).then(callback);
    },
  };
  return { calls, state, FB };
}

let fb = fakeFb();
const started: PlatformPaymentStart = {
  OrderId: 'fbg_ref',
  FacebookGames: { ProductOgUrl: 'https://fxid.example/og/stars_100', RequestId: 'fbg_ref' },
};
const make = (launchQuery = '?app_id=1740000000000001') =>
  fbGamesAdapter({
    game: 'sky-runner',
    launchQuery,
    locale: () => 'en',
    portal: { platformPayment: async () => started } as unknown as PortalFeatures,
    scriptUrls: { fbgames: '/never-loaded.js' },
    verifySignedPurchases: async () => [],
    log: () => {},
  });

beforeEach(() => {
  fb = fakeFb();
  vi.stubGlobal('window', { parent: {}, FB: fb.FB });
});

describe('the Facebook Games adapter', () => {
  it('without an app id or outside a frame loads nothing and answers not_available', async () => {
    const adapter = make('');
    await adapter.init();
    expect(adapter).toMatchObject({ paymentsAvailable: false, abilities: [] });
    expect(fb.calls).toEqual([]);
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'not_available' });
  });

  it('a connected user signs in with the login status’s signed_request', async () => {
    const adapter = make();
    await adapter.init();
    expect(fb.calls).toEqual(['init 1740000000000001']);
    expect(adapter.signInPayload()).toEqual({
      Social: 'FacebookGames',
      FacebookGamesLogin: { SignedRequest: 'signed-request' },
    });
    expect(adapter.socialProfile()).toMatchObject({ userId: '4400000000000001' });
  });

  it('a user who has not authorized the app is a guest; the login prompt signs them in or leaves a guest', async () => {
    fb.state.status = { status: 'not_authorized' };
    const adapter = make();
    await adapter.init();
    expect(adapter.signInPayload()).toBeNull();
    expect(await adapter.promptSignIn?.()).toBeNull();
    fb.state.loginAnswer = { status: 'connected', authResponse: { userID: '7', signedRequest: 'after-login' } };
    expect(await adapter.promptSignIn?.()).toEqual({
      Social: 'FacebookGames',
      FacebookGamesLogin: { SignedRequest: 'after-login' },
    });
  });

  it('opens the pay dialog with the Open Graph URL and the reference; the portal then waits for the order', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.purchase('stars_100')).toEqual({
      kind: 'platform-order',
      sku: 'stars_100',
      externalOrderId: 'fbg_ref',
    });
    expect(fb.calls).toContain('ui pay https://fxid.example/og/stars_100 fbg_ref');
  });

  it('a closed pay dialog is cancelled; another error or a failed payment payment_not_completed', async () => {
    const adapter = make();
    await adapter.init();
    fb.state.ui = async () => ({ error_code: 1383010, error_message: 'User canceled' });
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'cancelled' });
    fb.state.ui = async () => ({ error_code: 1383001, error_message: 'failed' });
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'payment_not_completed' });
    fb.state.ui = async () => ({ payment_id: '1', status: 'failed' });
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ code: 'payment_not_completed' });
  });

  it('invites through game requests, shares through the share dialog, and has no ads', async () => {
    const adapter = make();
    await adapter.init();
    fb.state.ui = async (params) => (params.method === 'apprequests' ? { request: '1', to: ['5', '6'] } : {});
    expect(await adapter.invite('Play with me')).toEqual({ invitedIds: ['5', '6'] });
    expect(await adapter.share('https://fxid.example/go/x')).toEqual({ shared: true });
    fb.state.ui = async () => ({ error_code: 1383010 });
    expect(await adapter.share('https://fxid.example/go/x')).toEqual({ shared: false });
    await expect(adapter.invite()).rejects.toMatchObject({ code: 'cancelled' });
    await expect(adapter.ads.showVideo()).rejects.toMatchObject({ code: 'not_available' });
  });
});
