import { afterEach, describe, expect, it, vi } from 'vitest';
import { SdkError } from './errors.js';
import { createGameHost } from './host.js';
import type { GameHost, HostHandlers } from './host-types.js';
import { isHandshake, portMessage } from './protocol.js';
import { createFxidSdk, type FxidSdk, type FxidSdkOptions } from './sdk.js';
import { createFramedPair, createRecordingLogger, deliver, settle } from './test/fake-window.js';
import { guestInfo } from './test/fixtures.js';

const cleanups: Array<{ dispose(): void }> = [];
afterEach(() => {
  vi.useRealTimers();
  for (const item of cleanups.splice(0)) item.dispose();
});

/** A portal page running a host, and an SDK inside the framed game. */
function setup(handlers: HostHandlers = {}, options: FxidSdkOptions = {}, startHost = true) {
  const { portal, game, asWindow } = createFramedPair();
  const { lines, logger } = createRecordingLogger();
  const host: GameHost = createGameHost({
    getGameWindow: () => asWindow(game),
    gameOrigin: game.origin,
    handlers: { getInfo: () => guestInfo, ...handlers },
    logger,
    hostWindow: asWindow(portal),
  });
  if (startHost) host.start();
  const sdk: FxidSdk = createFxidSdk({ window: asWindow(game), initTimeoutMs: 200, ...options });
  cleanups.push(host, sdk);
  const handshakes = () => portal.posted.filter((message) => isHandshake(message.data)).length;
  return { portal, game, host, sdk, lines, handshakes };
}

describe('init', () => {
  it('goes idle → loading → initialised and returns the game info', async () => {
    const { sdk } = setup();
    expect(sdk.state).toBe('idle');
    const pending = sdk.init();
    expect(sdk.state).toBe('loading');
    await expect(pending).resolves.toEqual(guestInfo);
    expect(sdk.state).toBe('initialised');
    expect(sdk.info).toEqual(guestInfo);
  });

  it('returns the same promise while loading and ignores init once done', async () => {
    const { sdk, handshakes } = setup();
    const first = sdk.init();
    expect(sdk.init()).toBe(first);
    await first;
    expect(sdk.init()).toBe(first);
    await settle();
    expect(handshakes()).toBe(1);
  });

  it('sends the handshake to the parent at the referrer origin', async () => {
    const { sdk, portal } = setup();
    await sdk.init();
    expect(portal.posted[0]).toMatchObject({
      data: { type: 'fxid:handshake', version: 1 },
      targetOrigin: 'https://portal.test',
    });
  });

  it('fails with timeout when no portal answers, and stays failed', async () => {
    const { sdk, handshakes } = setup({}, { initTimeoutMs: 60, handshakeRetryMs: 20 }, false);
    const first = sdk.init();
    await expect(first).rejects.toMatchObject({ code: 'timeout' });
    expect(sdk.state).toBe('failed');
    const sent = handshakes();
    expect(sent).toBeGreaterThan(1); // retried while waiting
    await expect(sdk.init()).rejects.toBeInstanceOf(SdkError);
    expect(handshakes()).toBe(sent);
  });

  it('connects to a portal that starts listening after the first handshake', async () => {
    const { sdk, host } = setup({}, { handshakeRetryMs: 20 }, false);
    const pending = sdk.init();
    await settle();
    host.start();
    await expect(pending).resolves.toEqual(guestInfo);
  });

  it('fails with init_failed outside a frame', async () => {
    const { game, asWindow } = createFramedPair();
    game.parent = game;
    const sdk = createFxidSdk({ window: asWindow(game) });
    await expect(sdk.init()).rejects.toMatchObject({ code: 'init_failed' });
    expect(sdk.state).toBe('failed');
  });

  it('fails with init_failed when getInfo fails', async () => {
    const { sdk } = setup({
      getInfo: () => {
        throw new SdkError('not_available', 'Game is not connected to the account system');
      },
    });
    await expect(sdk.init()).rejects.toMatchObject({
      code: 'init_failed',
      message: 'getInfo failed: Game is not connected to the account system',
    });
  });

  it('accepts the port only from the parent window', async () => {
    const { sdk, game } = setup({}, {}, false);
    const pending = sdk.init();
    const { port2 } = new MessageChannel();
    deliver(game, portMessage(), createFramedPair().portal, 'https://portal.test', [port2]);
    await settle();
    expect(sdk.state).toBe('loading');
    await expect(pending).rejects.toMatchObject({ code: 'timeout' });
    port2.close();
  });
});

describe('calls', () => {
  it('rejects every call before init with not_initialized', async () => {
    const { sdk } = setup();
    await expect(sdk.getInfo()).rejects.toEqual(new SdkError('not_initialized', 'Not initialized'));
    await expect(sdk.call('buyProduct', { sku: 'stars_100' })).rejects.toMatchObject({ code: 'not_initialized' });
    await expect(sdk.ads.showVideo()).rejects.toMatchObject({ code: 'not_initialized', message: 'Not initialized' });
  });

  it('sends typed params and resolves with results', async () => {
    const buyProduct = vi.fn(({ sku }: { sku: string }) => ({
      transactionId: `tx-${sku}`,
      stats: { currency: 'USD', currencyAmount: 0.99, usdAmount: 0.99 },
    }));
    const { sdk } = setup({ buyProduct, clipboard: { save: ({ data }) => ({ savedToClipboard: data.length > 0 }) } });
    await sdk.init();
    await expect(sdk.buyProduct('stars_100')).resolves.toMatchObject({ transactionId: 'tx-stars_100' });
    expect(buyProduct).toHaveBeenCalledWith({ sku: 'stars_100' });
    await expect(sdk.clipboard.save('hello')).resolves.toEqual({ savedToClipboard: true });
  });

  it('lists unconsumed purchases and consumes one by its order id', async () => {
    const purchase = {
      transactionId: 'ord_AAAAAAAAAAAAAAAAAAAAAA',
      sku: 'stars_100',
      productType: 'Consumable',
      products: [{ sku: 'stars_100', quantity: 1 }],
      stats: { currency: 'USD', currencyAmount: 0.99, usdAmount: 0.99 },
      purchasedAt: '2026-11-23T12:00:00.000Z',
    };
    const consumed = new Set<string>();
    const { sdk } = setup({
      getPurchases: () => [purchase].filter((each) => !consumed.has(each.transactionId)),
      consumePurchase: ({ transactionId }) => {
        if (consumed.has(transactionId)) throw new SdkError('purchase_already_consumed', 'already consumed');
        consumed.add(transactionId);
        return { consumed: true };
      },
    });
    await sdk.init();
    await expect(sdk.getPurchases()).resolves.toEqual([purchase]);
    await expect(sdk.consumePurchase(purchase.transactionId)).resolves.toEqual({ consumed: true });
    await expect(sdk.getPurchases()).resolves.toEqual([]);
    await expect(sdk.consumePurchase(purchase.transactionId)).rejects.toMatchObject({
      code: 'purchase_already_consumed',
    });
  });

  it('saves, reads and deletes values, and rejects a stale version with the current values as data', async () => {
    const stored = new Map<string, { value: unknown; version: number; updatedAt: number }>();
    const { sdk } = setup({
      storage: {
        get: (params) => Object.fromEntries([...stored].filter(([key]) => !params?.keys || params.keys.includes(key))),
        set: ({ entries, versions = {} }) => {
          const stale = Object.keys(entries).filter(
            (key) => key in versions && versions[key] !== (stored.get(key)?.version ?? 0),
          );
          if (stale.length > 0) {
            const current = Object.fromEntries(
              stale.map((key) => [key, stored.get(key) ?? { value: null, version: 0, updatedAt: 0 }]),
            );
            throw new SdkError('storage_version_conflict', 'changed', { current });
          }
          for (const [key, value] of Object.entries(entries)) {
            stored.set(key, { value, version: (stored.get(key)?.version ?? 0) + 1, updatedAt: 1 });
          }
          return {
            versions: Object.fromEntries(Object.keys(entries).map((key) => [key, stored.get(key)?.version ?? 0])),
          };
        },
        delete: ({ keys }) => ({ deleted: keys.filter((key) => stored.delete(key)) }),
      },
    });
    await sdk.init();
    await expect(sdk.storage.set({ stars: 3, level: { n: 2 } })).resolves.toEqual({ versions: { stars: 1, level: 1 } });
    await expect(sdk.storage.get(['stars'])).resolves.toEqual({ stars: { value: 3, version: 1, updatedAt: 1 } });
    const conflict = await sdk.storage.set({ stars: 5 }, { versions: { stars: 0 } }).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(SdkError);
    expect(conflict).toMatchObject({
      code: 'storage_version_conflict',
      data: { current: { stars: { value: 3, version: 1, updatedAt: 1 } } },
    });
    await expect(sdk.storage.delete(['stars', 'never'])).resolves.toEqual({ deleted: ['stars'] });
    await expect(sdk.storage.get()).resolves.toEqual({ level: { value: { n: 2 }, version: 1, updatedAt: 1 } });
  });

  it('submits scores and reads leaderboards through the leaderboard helpers', async () => {
    const calls: unknown[] = [];
    const entry = { rank: 1, score: 10, formattedScore: '10', name: 'Ann', avatarUrl: null, isPlayer: true };
    const { sdk } = setup({
      leaderboard: {
        submit: (params) => {
          calls.push(params);
          return { improved: true, entry };
        },
        top: (params) => {
          calls.push(params);
          return { leaderboard: {} as never, entries: [entry], player: entry };
        },
        player: () => entry,
        show: () => ({ shown: true }),
      },
    });
    await sdk.init();
    await expect(sdk.leaderboard.submit('best', 10)).resolves.toEqual({ improved: true, entry });
    await sdk.leaderboard.submit('best', 11, 'level 2');
    await sdk.leaderboard.top('best', { limit: 5, around: 'player' });
    await expect(sdk.leaderboard.player('best')).resolves.toEqual(entry);
    await expect(sdk.leaderboard.show('best')).resolves.toEqual({ shown: true });
    expect(calls).toEqual([
      { name: 'best', score: 10 },
      { name: 'best', score: 11, extra: 'level 2' },
      { name: 'best', limit: 5, around: 'player' },
    ]);
  });

  it('rejects with the portal error code and message', async () => {
    const { sdk } = setup({
      ads: {
        showVideo: () => {
          throw new SdkError('not_available', 'Ads are not available on this platform');
        },
      },
    });
    await sdk.init();
    const error = await sdk.ads.showVideo().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toMatchObject({ code: 'not_available', message: 'Ads are not available on this platform' });
    await expect(sdk.friends.get()).rejects.toMatchObject({
      code: 'method_not_found',
      message: 'Method friends.get not found.',
    });
  });

  it('times out a call the portal never answers', async () => {
    const { sdk } = setup({ consentStatus: () => new Promise(() => {}) }, { requestTimeoutMs: 30 });
    await sdk.init();
    await expect(sdk.consentStatus()).rejects.toMatchObject({ code: 'timeout' });
  });

  it('lets interactive calls wait for the player with no time limit', async () => {
    const { sdk } = setup({ buyProduct: () => new Promise(() => {}) }, { requestTimeoutMs: 30 });
    await sdk.init();
    const outcome = vi.fn();
    sdk.buyProduct('no_ads').then(outcome, outcome);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(outcome).not.toHaveBeenCalled();
  });

  it('rejects pending calls with disposed', async () => {
    const { sdk } = setup({ buyProduct: () => new Promise(() => {}) });
    await sdk.init();
    const pending = sdk.buyProduct('no_ads');
    sdk.dispose();
    await expect(pending).rejects.toMatchObject({ code: 'disposed' });
  });

  it('stops the handshake when disposed while loading, and never opens the channel', async () => {
    const { sdk, host, handshakes } = setup({}, { handshakeRetryMs: 20 }, false);
    const pending = sdk.init();
    sdk.dispose();
    await expect(pending).rejects.toMatchObject({ code: 'disposed' });
    expect(sdk.state).toBe('failed');
    const sent = handshakes();
    host.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(handshakes()).toBe(sent);
    expect(host.connected).toBe(false);
  });

  it('closes a port that arrives after dispose', async () => {
    const { sdk, host } = setup();
    const pending = sdk.init();
    sdk.dispose(); // the handshake is on its way; the host still answers it with a port
    await expect(pending).rejects.toMatchObject({ code: 'disposed' });
    expect(host.connected).toBe(true);
    expect(sdk.state).toBe('failed');
  });

  it('rejects init and stat events after dispose with disposed', async () => {
    const { sdk, handshakes } = setup();
    sdk.dispose();
    await expect(sdk.init()).rejects.toMatchObject({ code: 'disposed' });
    await expect(sdk.stat.event({ section: 's', type: 't', name: 'n' })).rejects.toMatchObject({ code: 'disposed' });
    await settle();
    expect(handshakes()).toBe(0);
  });
});

describe('events', () => {
  it('delivers portal events to listeners until they unsubscribe', async () => {
    const { sdk, host } = setup();
    await sdk.init();
    const pauses = vi.fn();
    const accounts = vi.fn();
    const unsubscribe = sdk.on('pause', pauses);
    sdk.on('accountChanged', accounts);
    host.emit('pause');
    host.emit('accountChanged', { oldAccountId: 'a', newAccountId: 'b' });
    await settle();
    unsubscribe();
    host.emit('pause');
    await settle();
    expect(pauses).toHaveBeenCalledTimes(1);
    expect(accounts).toHaveBeenCalledWith({ oldAccountId: 'a', newAccountId: 'b' });
  });

  it('refreshes info on userInfoChanged', async () => {
    const { sdk, host } = setup();
    await sdk.init();
    const signedIn = { ...guestInfo, fxId: { ...guestInfo.fxId, guest: false, userId: 'u1' } };
    host.emit('userInfoChanged', signedIn);
    await settle();
    expect(sdk.info?.fxId.userId).toBe('u1');
  });
});

describe('stat events', () => {
  it('wait, polling once per second, until stat.initialize has succeeded', async () => {
    const event = vi.fn();
    const { sdk } = setup({ stat: { initialize: () => {}, event } });
    await sdk.init();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sent = sdk.stat.event({ section: 'level', type: 'finish', name: 'level_1', value: 3 });
    await vi.advanceTimersByTimeAsync(3000);
    await settle();
    expect(event).not.toHaveBeenCalled();
    await sdk.stat.initialize();
    await settle();
    expect(event).not.toHaveBeenCalled(); // still waiting for the next poll
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    await expect(sent).resolves.toBeUndefined();
    expect(event).toHaveBeenCalledWith({ section: 'level', type: 'finish', name: 'level_1', value: 3 });
  });

  it('report tutorial steps with devtodev values', async () => {
    const event = vi.fn();
    const { sdk } = setup({ stat: { initialize: () => {}, event } });
    await sdk.init();
    await sdk.stat.initialize();
    await sdk.stat.tutorial('start');
    await sdk.stat.tutorial(2);
    expect(event.mock.calls.map(([e]) => e.value)).toEqual([-1, 2]);
    expect(event).toHaveBeenCalledWith({ section: 'tutorial', type: 'tutorial', name: 'start', value: -1 });
  });
});
