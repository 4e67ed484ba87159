import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlatformPaymentStart, PortalFeatures } from '../adapter.js';
import { expectNothingOutsideAFrame } from '../adapter-test-support.js';
import { OK_NO_FRIENDS_TO_INVITE, okAdapter } from './ok-adapter.js';

const LAUNCH =
  '?api_server=https%3A%2F%2Fapi.ok.ru%2F&apiconnection=512000000001_1&application_key=CBADEVOKAPPKEY' +
  '&logged_user_id=576148735134&session_key=-s-1&auth_sig=0123456789abcdef0123456789abcdef';

/** FAPI stood in by a fake (platform-protocols.md §13d): each UI call reports through window.API_callback. */
function fakeFapi() {
  const calls: unknown[][] = [];
  const state = {
    payment: ['ok', '{"amount":"50"}'] as [string, string],
    invite: ['ok', '1,2'] as [string, string],
    loadAd: ['ok', 'ready'] as [string, string],
    shownAd: ['ok', 'complete'] as [string, string],
    interstitial: [
      ['ok', 'ready'],
      ['ok', 'ad_prepared'],
      ['ok', 'ad_shown'],
    ] as [string, string][],
  };
  const answer = (method: string, [result, data]: [string, string]) =>
    setTimeout(() =>
      (globalThis.window as { API_callback?: (...args: string[]) => void }).API_callback?.(method, result, data),
    );
  const FAPI = {
    init: (apiServer: string, apiConnection: string, onSuccess: () => void) => {
      calls.push(['init', apiServer, apiConnection]);
      onSuccess();
    },
    UI: {
      showPayment: (...args: unknown[]) => {
        calls.push(['showPayment', ...args]);
        answer('showPayment', state.payment);
      },
      showInvite: (text: string) => {
        calls.push(['showInvite', text]);
        answer('showInvite', state.invite);
      },
      showRatingDialog: () => {
        calls.push(['showRatingDialog']);
        answer('showRatingDialog', ['ok', '']);
      },
      loadAd: () => {
        calls.push(['loadAd']);
        answer('loadAd', state.loadAd);
      },
      showLoadedAd: () => {
        calls.push(['showLoadedAd']);
        answer('showLoadedAd', state.shownAd);
      },
      showAd: () => {
        calls.push(['showAd']);
        for (const step of state.interstitial) answer('showAd', step);
      },
    },
  };
  return { calls, state, FAPI };
}

const START: PlatformPaymentStart = {
  OrderId: 'okp_reference_0000000001',
  Odnoklassniki: {
    Name: '550 stars',
    Description: 'A pile of stars',
    Code: 'stars_550',
    Price: 50,
    ExtraAttributes: '{"orderId":"okp_reference_0000000001"}',
  },
};

let fapi = fakeFapi();
const started: string[] = [];
const make = (launchQuery = LAUNCH, start: PlatformPaymentStart = START) =>
  okAdapter({
    game: 'sky-runner',
    launchQuery,
    locale: () => 'ru',
    portal: {
      platformPayment: async (sku: string) => {
        started.push(sku);
        return start;
      },
    } as unknown as PortalFeatures,
    scriptUrls: { ok: '/never-loaded.js' },
    verifySignedPurchases: async () => [],
    log: () => {},
  });

beforeEach(() => {
  fapi = fakeFapi();
  started.length = 0;
  // Framed by OK, FAPI already on the page.
  vi.stubGlobal('window', { parent: {}, FAPI: fapi.FAPI });
});

describe('the Odnoklassniki adapter', () => {
  it('outside a frame or without launch parameters loads nothing and signs nobody in', async () => {
    await expectNothingOutsideAFrame(make, 'stars_550');
    vi.stubGlobal('window', { parent: {}, FAPI: fapi.FAPI });
    const unlaunched = make('?foo=bar');
    await unlaunched.init();
    expect(unlaunched.signInPayload()).toBeNull();
    expect(fapi.calls).toEqual([]);
  });

  it('inits FAPI with the launch parameters and signs in with the query string as received', async () => {
    const adapter = make();
    await adapter.init();
    expect(fapi.calls).toEqual([['init', 'https://api.ok.ru/', '512000000001_1']]);
    expect(adapter.signInPayload()).toEqual({ Social: 'Odnoklassniki', OdnoklassnikiLogin: { QueryString: LAUNCH } });
    expect(adapter.socialProfile()).toMatchObject({ userId: '576148735134', socialLocale: 'ru' });
    expect(adapter).toMatchObject({
      paymentsAvailable: true,
      abilities: ['FriendsInvite', 'RateApplication', 'AdsAvailable'],
    });
  });

  it("a paid showPayment is the server's platform order, with the server's arguments", async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.purchase('stars_550')).toEqual({
      kind: 'platform-order',
      sku: 'stars_550',
      externalOrderId: 'okp_reference_0000000001',
    });
    expect(started).toEqual(['stars_550']);
    expect(fapi.calls[1]).toEqual([
      'showPayment',
      '550 stars',
      'A pile of stars',
      'stars_550',
      50,
      null,
      '{"orderId":"okp_reference_0000000001"}',
      'ok',
      'true',
    ]);
  });

  it('a cancelled payment is cancelled, an error payment_not_completed; a missing block is refused', async () => {
    const adapter = make();
    await adapter.init();
    fapi.state.payment = ['cancel', ''];
    await expect(adapter.purchase('stars_550')).rejects.toMatchObject({ code: 'cancelled' });
    fapi.state.payment = ['error', '{"error":"Payment failed"}'];
    await expect(adapter.purchase('stars_550')).rejects.toMatchObject({ code: 'payment_not_completed' });
    const empty = make(LAUNCH, { OrderId: 'okp_x_00000000' });
    await empty.init();
    await expect(empty.purchase('stars_550')).rejects.toMatchObject({ code: 'payment_not_completed' });
  });

  it('invites through showInvite, rates through showRatingDialog', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.invite('Play with me '.repeat(20))).toEqual({ invitedIds: ['1', '2'] });
    expect(fapi.calls[1]?.[1]).toHaveLength(120);
    fapi.state.invite = ['error', 'no friends'];
    await expect(adapter.invite()).rejects.toMatchObject({ code: 'not_available', message: OK_NO_FRIENDS_TO_INVITE });
    expect(await adapter.review.request()).toEqual({ feedbackSent: true });
  });

  it('rewarded video through loadAd then showLoadedAd, interstitials through showAd; no banner', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.ads.isVideoReady()).toBe(true);
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Finished' });
    expect(fapi.calls.slice(1)).toEqual([['loadAd'], ['showLoadedAd']]);
    fapi.state.shownAd = ['ok', 'skip'];
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Skipped' });
    fapi.state.shownAd = ['error', 'not_prepared'];
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Failed' });
    fapi.state.loadAd = ['error', 'no_ads'];
    fapi.calls.length = 0;
    expect(await adapter.ads.showVideo()).toEqual({ outcome: 'Failed' });
    expect(fapi.calls).toEqual([['loadAd']]);
    // showAd's progress reports do not end it; its outcome does.
    expect(await adapter.ads.showInterstitial()).toEqual({ outcome: 'Finished' });
    fapi.state.interstitial = [['error', 'no_ads']];
    expect(await adapter.ads.showInterstitial()).toEqual({ outcome: 'Failed' });
    await expect(adapter.ads.showBanner('bottom')).rejects.toMatchObject({ code: 'not_available' });
  });
});
