import { describe, expect, it } from 'vitest';
import type { YaPlayer } from './yandex-sdk.js';
import { yandexStorage } from './yandex-storage.js';

/** Yandex's player data as getData / setData keep it: setData replaces the whole object. */
function fakePlayer(initial: Record<string, unknown> = {}) {
  const state = { data: structuredClone(initial), writes: 0, flushed: [] as (boolean | undefined)[] };
  const player = {
    getData: async (keys?: string[]) =>
      structuredClone(
        keys
          ? Object.fromEntries(keys.filter((key) => key in state.data).map((key) => [key, state.data[key]]))
          : state.data,
      ),
    setData: async (data: Record<string, unknown>, flush?: boolean) => {
      state.data = structuredClone(data);
      state.writes += 1;
      state.flushed.push(flush);
    },
  } as unknown as YaPlayer;
  return { state, player };
}

describe('Yandex storage', () => {
  it('keeps each key with fxid’s version in the player data and leaves other data alone', async () => {
    const { state, player } = fakePlayer({ theirs: 42 });
    const storage = yandexStorage(async () => player);
    expect(await storage.set({ progress: { level: 3 } })).toEqual({ versions: { progress: 1 } });
    expect(state.data).toMatchObject({ theirs: 42, progress: { v: { level: 3 }, n: 1 } });
    expect(state.flushed).toEqual([true]);
    expect(await storage.set({ progress: { level: 4 } }, { progress: 1 })).toEqual({ versions: { progress: 2 } });
    expect((await storage.get(['progress'])).progress).toMatchObject({ value: { level: 4 }, version: 2 });
    // Data not written through fxid reads as version 1.
    expect((await storage.get()).theirs).toEqual({ value: 42, version: 1, updatedAt: 0 });
    expect(await storage.delete(['progress', 'missing'])).toEqual({ deleted: ['progress'] });
    expect(state.data).toEqual({ theirs: 42 });
  });

  it('answers a stale version with storage_version_conflict and writes nothing', async () => {
    const { state, player } = fakePlayer();
    const storage = yandexStorage(async () => player);
    await storage.set({ progress: 1 });
    await expect(storage.set({ progress: 2 }, { progress: 0 })).rejects.toMatchObject({
      code: 'storage_version_conflict',
      data: { current: { progress: { value: 1, version: 1 } } },
    });
    expect(state.writes).toBe(1);
  });

  it('refuses data over Yandex’s 200 KB per player', async () => {
    const { state, player } = fakePlayer();
    const storage = yandexStorage(async () => player);
    const chunk = 'x'.repeat(15 * 1024);
    const entries = Object.fromEntries(Array.from({ length: 14 }, (_, index) => [`k${index}`, chunk]));
    await expect(storage.set(entries)).rejects.toMatchObject({ code: 'storage_quota_exceeded' });
    expect(state.writes).toBe(0);
  });
});
