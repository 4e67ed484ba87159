import { describe, expect, it } from 'vitest';
import type { CgSdk } from './crazygames/crazygames-sdk.js';
import { crazyGamesStorage } from './crazygames/crazygames-storage.js';
import type { FbInstant } from './fbinstantgames/fbinstant-sdk.js';
import { fbInstantStorage } from './fbinstantgames/fbinstant-storage.js';

/** CrazyGames' data module: synchronous, strings only, as localStorage. */
function fakeCrazyGamesData(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  const data: NonNullable<CgSdk['data']> = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
  };
  return { items, data };
}

/** Instant Games' player data: getDataAsync by keys, setDataAsync sets only the keys given. */
function fakeFbPlayer(initial: Record<string, unknown> = {}) {
  const stored: Record<string, unknown> = structuredClone(initial);
  let writes = 0;
  const player = {
    getDataAsync: async (keys: string[]) =>
      structuredClone(Object.fromEntries(keys.filter((key) => key in stored).map((key) => [key, stored[key]]))),
    setDataAsync: async (data: Record<string, unknown>) => {
      writes += 1;
      Object.assign(stored, structuredClone(data));
    },
  } as unknown as FbInstant['player'];
  return { stored, player, writes: () => writes };
}

describe('CrazyGames data module', () => {
  it('keeps our keys together in one item with fxid’s versions, and leaves the game’s other items alone', async () => {
    const cg = fakeCrazyGamesData({ volume: '0.5' });
    const storage = crazyGamesStorage(() => cg.data);
    expect(await storage.set({ progress: { level: 2 }, 'wallet.stars': 10 })).toEqual({
      versions: { progress: 1, 'wallet.stars': 1 },
    });
    expect(JSON.parse(cg.items.get('fxid_saves') ?? '')).toMatchObject({
      progress: { v: { level: 2 }, n: 1 },
      'wallet.stars': { v: 10, n: 1 },
    });
    await expect(storage.set({ progress: { level: 3 } }, { progress: 0 })).rejects.toMatchObject({
      code: 'storage_version_conflict',
      data: { current: { progress: { value: { level: 2 }, version: 1 } } },
    });
    expect(Object.keys(await storage.get())).toEqual(['progress', 'wallet.stars']);
    expect(await storage.delete(['progress', 'wallet.stars'])).toEqual({ deleted: ['progress', 'wallet.stars'] });
    expect([...cg.items.keys()]).toEqual(['volume']);
  });

  it('refuses data over CrazyGames’ 1 MB and writes nothing', async () => {
    const cg = fakeCrazyGamesData();
    const storage = crazyGamesStorage(() => cg.data);
    const chunk = 'x'.repeat(15 * 1024);
    for (let batch = 0; batch < 3; batch++) {
      const entries = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${batch}_${i}`, chunk]));
      await storage.set(entries);
    }
    // About 0.9 MB kept: ten more values would pass 1 MB.
    const before = cg.items.get('fxid_saves');
    const last = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`last${i}`, chunk]));
    await expect(storage.set(last)).rejects.toMatchObject({ code: 'storage_quota_exceeded' });
    expect(cg.items.get('fxid_saves')).toBe(before);
    expect(await storage.set({ small: 1 })).toEqual({ versions: { small: 1 } });
  });

  it('reads an unreadable item as no saves', async () => {
    const cg = fakeCrazyGamesData({ fxid_saves: 'not json' });
    expect(await crazyGamesStorage(() => cg.data).get()).toEqual({});
  });
});

describe('Instant Games player data', () => {
  it('keeps our keys under one data key with fxid’s versions, beside the game’s own data', async () => {
    const fb = fakeFbPlayer({ tutorialDone: true });
    const storage = fbInstantStorage(() => fb.player);
    expect(await storage.set({ progress: { level: 1 } })).toEqual({ versions: { progress: 1 } });
    expect(await storage.set({ progress: { level: 2 } }, { progress: 1 })).toEqual({ versions: { progress: 2 } });
    expect(fb.stored).toMatchObject({ tutorialDone: true, fxid_saves: { progress: { v: { level: 2 }, n: 2 } } });
    await expect(storage.set({ progress: 9 }, { progress: 1 })).rejects.toMatchObject({
      code: 'storage_version_conflict',
    });
    expect(fb.writes()).toBe(2);
    expect(await storage.get(['progress', 'none'])).toEqual({
      progress: { value: { level: 2 }, version: 2, updatedAt: expect.any(Number) },
    });
    expect(await storage.delete(['progress'])).toEqual({ deleted: ['progress'] });
    expect(fb.stored).toEqual({ tutorialDone: true, fxid_saves: {} });
  });
});
