import { SdkError } from '@fxid/sdk/host';
import { describe, expect, it } from 'vitest';
import { keyOfVk, vkKey, vkStorage } from './vk-storage.js';

/** VK's storage for one user and app, answering the bridge's three calls as VK does. */
function fakeVk() {
  const kept = new Map<string, string>();
  const sent: [string, Record<string, unknown> | undefined][] = [];
  const send = async (method: string, props?: Record<string, unknown>) => {
    sent.push([method, props]);
    if (method === 'VKWebAppStorageSet') {
      const { key, value } = props as { key: string; value: string };
      if (value === '') kept.delete(key);
      else kept.set(key, value);
      return { result: true };
    }
    if (method === 'VKWebAppStorageGet')
      return { keys: ((props?.keys ?? []) as string[]).map((key) => ({ key, value: kept.get(key) ?? '' })) };
    if (method === 'VKWebAppStorageGetKeys') {
      const { count, offset } = props as { count: number; offset: number };
      return { keys: [...kept.keys()].slice(offset, offset + count) };
    }
    throw new Error(`unexpected ${method}`);
  };
  return { kept, sent, send };
}

describe('VK storage', () => {
  it('maps keys into VK’s alphabet and back, and keeps other keys out', () => {
    expect(vkKey('level.best:1_a')).toBe('s_level_dbest_c1__a');
    expect(keyOfVk('s_level_dbest_c1__a')).toBe('level.best:1_a');
    expect(keyOfVk('s_plain-key')).toBe('plain-key');
    expect(keyOfVk('other')).toBeNull();
    expect(keyOfVk('s_bad_x')).toBeNull();
  });

  it('keeps each value with fxid’s version as one VK key, and deletes by the empty value', async () => {
    const vk = fakeVk();
    const storage = vkStorage(vk.send);
    expect(await storage.set({ progress: { level: 3 }, 'a.b': 'x' })).toEqual({ versions: { progress: 1, 'a.b': 1 } });
    expect(JSON.parse(vk.kept.get('s_progress') ?? '')).toMatchObject({ v: { level: 3 }, n: 1 });
    expect(vk.sent.filter(([method]) => method === 'VKWebAppStorageSet')).toHaveLength(2);
    expect(await storage.set({ progress: { level: 4 } }, { progress: 1 })).toEqual({ versions: { progress: 2 } });
    const all = await storage.get();
    expect(all.progress).toMatchObject({ value: { level: 4 }, version: 2 });
    expect(all['a.b']).toMatchObject({ value: 'x', version: 1 });
    expect(await storage.get(['missing'])).toEqual({});
    expect(await storage.delete(['a.b', 'missing'])).toEqual({ deleted: ['a.b'] });
    expect(vk.kept.has('s_a_db')).toBe(false);
  });

  it('answers a stale version with storage_version_conflict and the current value, writing nothing', async () => {
    const vk = fakeVk();
    const storage = vkStorage(vk.send);
    await storage.set({ progress: 1 });
    await storage.set({ progress: 2 });
    const writes = vk.kept.get('s_progress');
    const error = await storage.set({ progress: 9, other: 1 }, { progress: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SdkError);
    expect(error).toMatchObject({
      code: 'storage_version_conflict',
      data: { current: { progress: { value: 2, version: 2 } } },
    });
    expect(vk.kept.get('s_progress')).toBe(writes);
    expect(vk.kept.has('s_other')).toBe(false);
  });

  it('refuses what VK cannot keep before writing: values over 4096 bytes, keys over 100 characters', async () => {
    const vk = fakeVk();
    const storage = vkStorage(vk.send);
    await expect(storage.set({ small: 1, big: 'é'.repeat(2100) })).rejects.toMatchObject({
      code: 'storage_value_too_large',
    });
    expect(vk.kept.size).toBe(0);
    await expect(storage.set({ [`${'_'.repeat(50)}`]: 1 })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('reads a value someone else stored under our prefix as version 1', async () => {
    const vk = fakeVk();
    vk.kept.set('s_legacy', 'not json');
    expect(await vkStorage(vk.send).get(['legacy'])).toEqual({
      legacy: { value: 'not json', version: 1, updatedAt: 0 },
    });
  });
});
