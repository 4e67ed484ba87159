import { describe, expect, it } from 'vitest';
import { telegramStorage } from './telegram-storage.js';

/** Telegram's CloudStorage as its custom methods answer: absent keys read as '', one save per call. */
function fakeCloudStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const calls: string[] = [];
  const invoke = async (method: string, params: Record<string, unknown>) => {
    calls.push(method);
    if (method === 'getStorageKeys') return [...data.keys()];
    if (method === 'getStorageValues')
      return Object.fromEntries((params.keys as string[]).map((key) => [key, data.get(key) ?? '']));
    if (method === 'saveStorageValue') {
      const { key, value } = params as { key: string; value: string };
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(key) || value.length > 4096) throw new Error('STORAGE_KEY_INVALID');
      data.set(key, value);
      return true;
    }
    if (method === 'deleteStorageValues') {
      for (const key of params.keys as string[]) data.delete(key);
      return true;
    }
    throw new Error(`unknown method ${method}`);
  };
  return { data, calls, invoke };
}

describe('Telegram CloudStorage', () => {
  it('keeps each key in Telegram’s alphabet with fxid’s version, and leaves the bot’s own keys alone', async () => {
    const telegram = fakeCloudStorage({ bot_setting: 'dark' });
    const storage = telegramStorage(telegram.invoke);
    expect(await storage.set({ 'level.best:1': { stars: 3 } })).toEqual({ versions: { 'level.best:1': 1 } });
    expect(JSON.parse(telegram.data.get('s_level_dbest_c1') ?? '')).toMatchObject({ v: { stars: 3 }, n: 1 });
    expect(await storage.set({ 'level.best:1': { stars: 4 } }, { 'level.best:1': 1 })).toEqual({
      versions: { 'level.best:1': 2 },
    });
    // Every key of ours, none of the bot's.
    expect(await storage.get()).toEqual({
      'level.best:1': { value: { stars: 4 }, version: 2, updatedAt: expect.any(Number) },
    });
    expect(await storage.get(['missing'])).toEqual({});
    expect(await storage.delete(['level.best:1', 'missing'])).toEqual({ deleted: ['level.best:1'] });
    expect([...telegram.data.keys()]).toEqual(['bot_setting']);
  });

  it('answers a stale version with storage_version_conflict and writes nothing', async () => {
    const telegram = fakeCloudStorage();
    const storage = telegramStorage(telegram.invoke);
    await storage.set({ progress: 1 });
    const saves = telegram.calls.filter((call) => call === 'saveStorageValue').length;
    await expect(storage.set({ progress: 2, other: 1 }, { progress: 0 })).rejects.toMatchObject({
      code: 'storage_version_conflict',
      data: { current: { progress: { value: 1, version: 1 } } },
    });
    expect(telegram.calls.filter((call) => call === 'saveStorageValue')).toHaveLength(saves);
  });

  it('refuses a value over Telegram’s 4096 characters, or a key over its 128, before writing anything', async () => {
    const telegram = fakeCloudStorage();
    const storage = telegramStorage(telegram.invoke);
    await expect(storage.set({ small: 1, big: 'x'.repeat(4090) })).rejects.toMatchObject({
      code: 'storage_value_too_large',
    });
    await expect(storage.set({ [`k${'_'.repeat(63)}`]: 1 })).rejects.toMatchObject({ code: 'invalid_request' });
    expect(telegram.data.size).toBe(0);
  });
});
