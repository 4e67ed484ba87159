import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostEvent, PortalFeatures } from '../adapter.js';
import { fxLauncherAdapter } from './fxlauncher-adapter.js';
import type { FxLauncherBridge } from './fxlauncher-bridge.js';

type WrapperEvent = Parameters<Parameters<FxLauncherBridge['onLifecycle']>[0]>[0];

/** The launcher's bridge as a fake: a token per ask (none when signed out), signals kept, events raised by the test. */
function fakeLauncher(signedIn = true) {
  const listeners = new Set<(event: WrapperEvent) => void>();
  const signals: string[] = [];
  let issued = 0;
  let account = signedIn ? 'alice' : null;
  const bridge: FxLauncherBridge = {
    signInToken: async (game) => (account ? `${account}:${game}:${++issued}`.padEnd(20, '.') : null),
    signal: (name) => signals.push(name),
    onLifecycle: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const raise = (event: WrapperEvent) => {
    for (const listener of listeners) listener(event);
  };
  return { bridge, signals, raise, switchTo: (name: string | null) => (account = name) };
}

let launcher = fakeLauncher();
const checkout = vi.fn(async () => ({ transactionId: 'ord_1', stats: { currency: 'USD', currencyAmount: 0.99 } }));
const make = () =>
  fxLauncherAdapter({
    game: 'sky-runner',
    launchQuery: '',
    locale: () => 'en',
    portal: { checkout, isSignedIn: () => true } as unknown as PortalFeatures,
    scriptUrls: {},
    verifySignedPurchases: async () => [],
    log: () => {},
  });
const settle = () => new Promise((resolve) => setTimeout(resolve));

beforeEach(() => {
  launcher = fakeLauncher();
  checkout.mockClear();
  vi.stubGlobal('window', { fxidLauncher: launcher.bridge });
});
afterEach(() => vi.unstubAllGlobals());

describe('the FxLauncher adapter', () => {
  it('signs the launcher’s player in with a fresh token each time; the profile is the portal’s own', async () => {
    const adapter = make();
    await adapter.init();
    expect(adapter).toMatchObject({ name: 'fxlauncher', platform: 'FxLauncher' });
    const first = adapter.signInPayload();
    expect(first).toEqual({
      Social: 'FxLauncher',
      FxLauncherLogin: { Token: expect.stringMatching(/^alice:sky-runner:1/) },
    });
    await settle();
    expect(adapter.signInPayload()?.FxLauncherLogin).toEqual({ Token: expect.stringMatching(/^alice:sky-runner:2/) });
    expect(adapter.socialProfile()).toBeNull();
  });

  it('buys through the portal’s web checkout', async () => {
    const adapter = make();
    await adapter.init();
    expect(await adapter.purchase('stars_100', 'p')).toEqual({
      kind: 'completed',
      result: await checkout.mock.results[0]?.value,
    });
    expect(checkout).toHaveBeenCalledWith('stars_100', 'p');
  });

  it('passes signals to the launcher and its pause, resume, quit and player changes to the game', async () => {
    const adapter = make();
    await adapter.init();
    const events: HostEvent[] = [];
    adapter.onHostEvent((event) => events.push(event));
    adapter.lifecycle.loadingReady();
    adapter.lifecycle.gameplayStart();
    adapter.lifecycle.gameplayStop();
    expect(launcher.signals).toEqual(['loadingReady', 'gameplayStart', 'gameplayStop']);
    launcher.raise('pause');
    launcher.raise('resume');
    launcher.raise('quit');
    expect(events).toEqual([{ type: 'pause' }, { type: 'resume' }, { type: 'pause' }]);
    launcher.switchTo('bob');
    launcher.raise('player-changed');
    await vi.waitFor(() => expect(events).toHaveLength(4));
    expect(events[3]).toEqual({
      type: 'player-changed',
      signIn: { Social: 'FxLauncher', FxLauncherLogin: { Token: expect.stringMatching(/^bob:/) } },
    });
    launcher.switchTo(null);
    launcher.raise('player-changed');
    await vi.waitFor(() => expect(events).toHaveLength(5));
    expect(events[4]).toEqual({ type: 'player-changed', signIn: null });
  });

  it('outside the launcher, or with nobody signed in there, the portal’s own sign-in serves', async () => {
    vi.stubGlobal('window', {});
    const outside = make();
    await outside.init();
    expect(outside.signInPayload()).toBeNull();
    outside.lifecycle.loadingReady();
    vi.stubGlobal('window', { fxidLauncher: fakeLauncher(false).bridge });
    const signedOut = make();
    await signedOut.init();
    expect(signedOut.signInPayload()).toBeNull();
  });
});
