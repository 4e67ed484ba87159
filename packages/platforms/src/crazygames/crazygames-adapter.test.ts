import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutPlatformBlock, HostEvent, PortalFeatures } from '../adapter.js';
import { expectNothingOutsideAFrame } from '../adapter-test-support.js';
import { crazyGamesAdapter } from './crazygames-adapter.js';
import type { CgAdCallbacks, CgUser } from './crazygames-sdk.js';

/** A JWT-shaped token whose payload names the user (the adapter reads userId only to tell players apart). */
const tokenOf = (userId: string) => `h.${Buffer.from(JSON.stringify({ userId, gameId: 'g' })).toString('base64url')}.s`;

/** CrazyGames.SDK stood in by a fake whose answers a test may change (platform-protocols.md §13b). */
function fakeCrazyGames() {
  const calls: string[] = [];
  const state = {
    accounts: true,
    user: { username: 'PixelFox', profilePictureUrl: 'https://images.example/fox.png' } as CgUser | null,
    userId: 'cg-1',
    prompt: 'cancel' as 'cancel' | 'sign-in',
    ad: 'finish' as 'finish' | 'error',
    authListeners: new Set<(user: CgUser | null) => void>(),
  };
  const SDK = {
    environment: 'crazygames',
    init: async () => {
      calls.push('init');
    },
    user: {
      get isUserAccountAvailable() {
        return state.accounts;
      },
      systemInfo: { locale: 'nl-NL', device: { type: 'mobile' } },
      getUser: async () => state.user,
      getUserToken: async () => {
        calls.push('getUserToken');
        if (!state.user) throw Object.assign(new Error('no user'), { code: 'userNotAuthenticated' });
        return tokenOf(state.userId);
      },
      showAuthPrompt: async () => {
        calls.push('showAuthPrompt');
        if (state.prompt === 'cancel') throw { code: 'userCancelled' };
        state.user = { username: 'NewFox' };
        state.userId = 'cg-2';
        return state.user;
      },
      addAuthListener: (listener: (user: CgUser | null) => void) => state.authListeners.add(listener),
      removeAuthListener: (listener: (user: CgUser | null) => void) => state.authListeners.delete(listener),
    },
    ad: {
      requestAd: (kind: string, callbacks: CgAdCallbacks) => {
        calls.push(`requestAd ${kind}`);
        if (state.ad === 'error') callbacks.adError?.({ code: 'unfilled' });
        else callbacks.adFinished?.();
      },
      hasAdblock: async () => false,
    },
    banner: { requestResponsiveBanner: async () => {}, clearBanner: () => {}, clearAllBanners: () => {} },
    game: {
      loadingStart: () => calls.push('loadingStart'),
      loadingStop: () => calls.push('loadingStop'),
      gameplayStart: () => calls.push('gameplayStart'),
      gameplayStop: () => calls.push('gameplayStop'),
      happytime: () => calls.push('happytime'),
    },
  };
  return { calls, state, SDK };
}

let cg = fakeCrazyGames();
const checkouts: { sku: string; block: CheckoutPlatformBlock | undefined }[] = [];
const make = () =>
  crazyGamesAdapter({
    game: 'sky-runner',
    launchQuery: '',
    locale: () => 'en',
    portal: {
      checkout: async (sku: string, _payload?: string, block?: CheckoutPlatformBlock) => {
        checkouts.push({ sku, block });
        return { transactionId: 'ord_1' };
      },
    } as unknown as PortalFeatures,
    scriptUrls: { crazygames: '/never-loaded.js' },
    verifySignedPurchases: async () => [],
    log: () => {},
  });

beforeEach(() => {
  cg = fakeCrazyGames();
  checkouts.length = 0;
  vi.stubGlobal('window', { parent: {}, CrazyGames: { SDK: cg.SDK } });
  vi.stubGlobal('atob', (text: string) => Buffer.from(text, 'base64').toString('binary'));
});

describe('the CrazyGames adapter', () => {
  it('outside a frame loads nothing and answers not_available', async () => {
    await expectNothingOutsideAFrame(make);
  });

  it('a signed-in CrazyGames user signs in with the user token, described by CrazyGames', async () => {
    const adapter = make();
    await adapter.init();
    expect(cg.calls.slice(0, 2)).toEqual(['init', 'loadingStart']);
    expect(adapter.signInPayload()).toEqual({
      Social: 'CrazyGames',
      CrazyGames: { Token: tokenOf('cg-1'), IsGuest: false },
    });
    expect(adapter.socialProfile()).toMatchObject({
      userId: 'cg-1',
      displayName: 'PixelFox',
      socialLocale: 'nl-NL',
      socialFlavor: 'mobile',
      photo: { url: 'https://images.example/fox.png' },
    });
    expect(adapter).toMatchObject({ paymentsAvailable: true, abilities: ['AdsAvailable'] });
  });

  it('buys through the web checkout with a fresh user token as the CrazyGames block', async () => {
    const adapter = make();
    await adapter.init();
    const before = cg.calls.filter((call) => call === 'getUserToken').length;
    await expect(adapter.purchase('stars_100', 'note')).resolves.toEqual({
      kind: 'completed',
      result: { transactionId: 'ord_1' },
    });
    expect(cg.calls.filter((call) => call === 'getUserToken')).toHaveLength(before + 1);
    expect(checkouts).toEqual([{ sku: 'stars_100', block: { CrazyGames: { AccessToken: tokenOf('cg-1') } } }]);
  });

  it('a guest gets the auth prompt; declined: guest "User still not registered"; accepted: the new user signs in', async () => {
    cg.state.user = null;
    const adapter = make();
    await adapter.init();
    expect(adapter.signInPayload()).toBeNull();
    await expect(adapter.promptSignIn?.()).rejects.toMatchObject({
      code: 'guest',
      message: 'User still not registered',
    });
    cg.state.prompt = 'sign-in';
    await expect(adapter.promptSignIn?.()).resolves.toEqual({
      Social: 'CrazyGames',
      CrazyGames: { Token: tokenOf('cg-2'), IsGuest: false },
    });
    expect(cg.calls.filter((call) => call === 'showAuthPrompt')).toHaveLength(2);
  });

  it('without user accounts on the site: "User accounts not available", and no payments', async () => {
    cg.state.accounts = false;
    const adapter = make();
    await adapter.init();
    expect(adapter.paymentsAvailable).toBe(false);
    await expect(adapter.promptSignIn?.()).rejects.toMatchObject({ message: 'User accounts not available' });
    await expect(adapter.purchase('stars_100')).rejects.toMatchObject({ message: 'User accounts not available' });
  });

  it('the auth listener reports another user, and a user gone, as player-changed', async () => {
    const adapter = make();
    await adapter.init();
    const events: HostEvent[] = [];
    adapter.onHostEvent((event) => events.push(event));
    cg.state.user = { username: 'OtherFox' };
    cg.state.userId = 'cg-9';
    for (const listener of cg.state.authListeners) listener(cg.state.user);
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toEqual({
      type: 'player-changed',
      signIn: { Social: 'CrazyGames', CrazyGames: { Token: tokenOf('cg-9'), IsGuest: false } },
    });
    cg.state.user = null;
    for (const listener of cg.state.authListeners) listener(null);
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events[1]).toEqual({ type: 'player-changed', signIn: null });
  });

  it('ads: rewarded and midgame through requestAd; an ad error is Failed', async () => {
    const adapter = make();
    await adapter.init();
    await expect(adapter.ads.showVideo()).resolves.toEqual({ outcome: 'Finished' });
    cg.state.ad = 'error';
    await expect(adapter.ads.showInterstitial()).resolves.toEqual({ outcome: 'Failed' });
    expect(cg.calls).toContain('requestAd rewarded');
    expect(cg.calls).toContain('requestAd midgame');
  });

  it('lifecycle signals and crazyGames.call reach the SDK; a bad path gets the spec’s errors', async () => {
    const adapter = make();
    await adapter.init();
    adapter.lifecycle.loadingReady();
    adapter.lifecycle.gameplayStart();
    adapter.lifecycle.gameplayStop();
    await adapter.vendorCall?.('crazyGames', { method: 'game.happytime' });
    expect(cg.calls).toEqual(expect.arrayContaining(['loadingStop', 'gameplayStart', 'gameplayStop', 'happytime']));
    await expect(adapter.vendorCall?.('crazyGames', { method: 'user.getUser' })).resolves.toMatchObject({
      username: 'PixelFox',
    });
    await expect(adapter.vendorCall?.('crazyGames', { method: 'game.nothing' })).rejects.toMatchObject({
      message: 'Method game.nothing not found.',
    });
    await expect(adapter.vendorCall?.('crazyGames', { method: 'environment' })).rejects.toMatchObject({
      message: 'The provided path environment does not refer to a function.',
    });
  });
});
