// @vitest-environment jsdom
import { STORAGE_LIMITS } from '@fxid/contract/storage-limits';
import type { PlatformAdapter, PlatformStorage } from '@fxid/platforms';
import type { StorageEntry } from '@fxid/sdk';
import { resolvePath } from '@fxid/sdk/host';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CloudServices, createCloudHandlers } from './cloud-handlers';
import { createFxidStorage, guestValuesToMove } from './fxid-storage';
import { createGuestStorage, guestStorageKey, readGuestSaves } from './guest-storage';

beforeEach(() => localStorage.clear());

/** fxid's server as a map, with its version rules. */
function fakeServer(
  initial: Record<string, StorageEntry> = {},
  now = () => 5000,
): PlatformStorage & { rows: Map<string, StorageEntry> } {
  const rows = new Map(Object.entries(initial));
  return {
    rows,
    get: async (keys) => Object.fromEntries([...rows].filter(([key]) => !keys || keys.includes(key))),
    set: async (entries, versions = {}) => {
      const stale = Object.keys(entries).filter(
        (key) => key in versions && versions[key] !== (rows.get(key)?.version ?? 0),
      );
      if (stale.length > 0) throw Object.assign(new Error('conflict'), { code: 'storage_version_conflict' });
      for (const [key, value] of Object.entries(entries)) {
        rows.set(key, { value, version: (rows.get(key)?.version ?? 0) + 1, updatedAt: now() });
      }
      return { versions: Object.fromEntries(Object.keys(entries).map((key) => [key, rows.get(key)?.version ?? 0])) };
    },
    delete: async (keys) => ({ deleted: keys.filter((key) => rows.delete(key)) }),
  };
}

describe("a guest's saves in the browser", () => {
  it('keeps versions per key and per game, with the server’s conflict and size rules', async () => {
    let clock = 1000;
    const sky = createGuestStorage('sky-runner', () => clock);
    expect(await sky.set({ stars: 3, level: 1 })).toEqual({ versions: { stars: 1, level: 1 } });
    clock = 2000;
    expect(await sky.set({ stars: 4 }, { stars: 1 })).toEqual({ versions: { stars: 2 } });
    expect(await sky.get(['stars', 'none'])).toEqual({ stars: { value: 4, version: 2, updatedAt: 2000 } });
    await expect(sky.set({ stars: 9 }, { stars: 1 })).rejects.toMatchObject({
      code: 'storage_version_conflict',
      data: { current: { stars: { value: 4, version: 2, updatedAt: 2000 } } },
    });
    await expect(sky.set({ fresh: 1 }, { fresh: 3 })).rejects.toMatchObject({
      data: { current: { fresh: { value: null, version: 0, updatedAt: 0 } } },
    });
    await expect(sky.set({ big: 'x'.repeat(STORAGE_LIMITS.valueBytes) })).rejects.toMatchObject({
      code: 'storage_value_too_large',
    });
    const chunk = 'y'.repeat(STORAGE_LIMITS.valueBytes - 100);
    const fill = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, chunk]));
    await expect(sky.set(fill)).rejects.toMatchObject({ code: 'storage_quota_exceeded' });
    // Another game has its own.
    expect(await createGuestStorage('gem-garden').get()).toEqual({});
    expect(await sky.delete(['level', 'none'])).toEqual({ deleted: ['level'] });
    expect(Object.keys(JSON.parse(localStorage.getItem(guestStorageKey('sky-runner')) ?? '{}'))).toEqual(['stars']);
  });
});

describe('moving guest saves to the account at sign-in', () => {
  it('takes keys the account lacks or holds older, and keeps newer server values', () => {
    const guest = {
      fresh: { value: 1, version: 3, updatedAt: 100 },
      newer: { value: 'guest', version: 1, updatedAt: 300 },
      older: { value: 'guest', version: 1, updatedAt: 100 },
    };
    const server = {
      newer: { value: 'server', version: 4, updatedAt: 200 },
      older: { value: 'server', version: 2, updatedAt: 200 },
    };
    expect(guestValuesToMove(guest, server)).toEqual([
      { entries: { fresh: 1, newer: 'guest' }, versions: { fresh: 0, newer: 4 } },
    ]);
  });

  it('moves them before the first call as a signed-in player, then clears the browser copy', async () => {
    let token: string | null = null;
    const server = fakeServer({ level: { value: 9, version: 2, updatedAt: 9_999_999_999_999 } });
    const storage = createFxidStorage({ game: 'sky-runner', signedIn: () => token, server, log: () => {} });
    await storage.set({ stars: 7, level: 1 });
    expect(server.rows.size).toBe(1);
    token = 'session-1';
    expect(await storage.get()).toEqual({
      level: { value: 9, version: 2, updatedAt: 9_999_999_999_999 },
      stars: { value: 7, version: 1, updatedAt: 5000 },
    });
    expect(readGuestSaves('sky-runner')).toEqual({});
    // Signed out again: a fresh guest copy.
    token = null;
    expect(await storage.get()).toEqual({});
  });
});

describe('storage and leaderboard handlers', () => {
  const adapter = {} as PlatformAdapter;
  const cloud = (signedIn: boolean): CloudServices => ({
    storage: fakeServer(),
    leaderboards: {
      submit: async (name, score) => ({
        improved: true,
        entry: { rank: 1, score, formattedScore: String(score), name, avatarUrl: null, isPlayer: true },
      }),
      top: async (name, query) => ({ leaderboard: { name } as never, entries: [], player: null, ...query }) as never,
      player: async () => null,
    },
    showLeaderboard: async () => {},
    isSignedIn: () => signedIn,
  });
  const call = (signedIn: boolean, path: string, params?: unknown) => {
    const found = resolvePath(
      createCloudHandlers(adapter, () => cloud(signedIn)),
      path,
    );
    if ('error' in found) throw found.error;
    return Promise.resolve().then(() => found.fn.call(found.self, params));
  };

  it.each([
    ['storage.get', { keys: [] }],
    ['storage.get', { keys: ['bad key'] }],
    ['storage.set', { entries: [] }],
    ['storage.set', { entries: {} }],
    ['storage.set', { entries: { a: 1 }, versions: { b: 1 } }],
    ['storage.set', { entries: { a: 1 }, versions: { a: -1 } }],
    ['storage.delete', { keys: Array.from({ length: 51 }, (_, i) => `k${i}`) }],
    ['leaderboard.submit', { name: 'best', score: 1.5 }],
    ['leaderboard.submit', { name: '', score: 1 }],
    ['leaderboard.top', { name: 'best', limit: 101 }],
    ['leaderboard.top', { name: 'best', around: 'friends' }],
  ])('refuses %s with %j as invalid_request', async (path, params) => {
    await expect(call(true, path, params)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('asks a guest to sign in to submit, and shows them the top instead of their place', async () => {
    await expect(call(false, 'leaderboard.submit', { name: 'best', score: 5 })).rejects.toMatchObject({
      code: 'guest',
    });
    expect(await call(true, 'leaderboard.submit', { name: 'best', score: 5 })).toMatchObject({ improved: true });
    expect(await call(false, 'leaderboard.top', { name: 'best', around: 'player' })).toMatchObject({ limit: 10 });
    expect(await call(true, 'leaderboard.top', { name: 'best', around: 'player', limit: 3 })).toMatchObject({
      limit: 3,
      around: 'player',
    });
    expect(await call(false, 'leaderboard.player', { name: 'best' })).toBeNull();
    expect(await call(true, 'leaderboard.show', { name: 'best' })).toEqual({ shown: true });
  });
});

describe('where saves go', () => {
  const host = { get: async () => ({ from: { value: 'host', version: 1, updatedAt: 0 } }) } as never;
  const fxid = { get: async () => ({ from: { value: 'fxid', version: 1, updatedAt: 0 } }) } as never;
  const services = { storage: fxid, isSignedIn: () => true } as unknown as CloudServices;
  const read = (adapter: PlatformAdapter, store: 'Host' | 'Fxid') =>
    createCloudHandlers(
      adapter,
      () => services,
      () => store,
    ).storage?.get?.({ keys: ['from'] });

  it('uses the host’s storage only when the catalog says Host and the adapter has one', async () => {
    expect(await read({ storage: host } as unknown as PlatformAdapter, 'Host')).toMatchObject({
      from: { value: 'host' },
    });
    expect(await read({ storage: host } as unknown as PlatformAdapter, 'Fxid')).toMatchObject({
      from: { value: 'fxid' },
    });
    expect(await read({} as PlatformAdapter, 'Host')).toMatchObject({ from: { value: 'fxid' } });
  });
});

describe('where scores go', () => {
  const board = (name: string) =>
    ({ name, title: name, sortOrder: 'desc', format: 'number', decimals: 0, minScore: 0, maxScore: 1000 }) as never;
  const entry = (from: string, score: number) => ({
    rank: 1,
    score,
    formattedScore: String(score),
    name: from,
    avatarUrl: null,
    isPlayer: true,
  });
  const setup = (adapterHasBoards: boolean, signedIn = true) => {
    const calls: string[] = [];
    const shown: { name: string; host: boolean }[] = [];
    const hostBoards = {
      submit: async (info: { name: string }, score: number) => {
        calls.push(`host submit ${info.name} ${score}`);
        return { improved: true, entry: entry('host', score) };
      },
      top: async (info: { name: string }) => ({ leaderboard: info, entries: [entry('host', 1)], player: null }),
      player: async () => entry('host', 7),
    };
    const services = {
      leaderboards: {
        submit: async (name: string, score: number) => {
          calls.push(`fxid submit ${name} ${score}`);
          return { improved: true, entry: entry('fxid', score) };
        },
        top: async () => ({ leaderboard: {}, entries: [entry('fxid', 1)], player: null }),
        player: async () => entry('fxid', 9),
      },
      showLeaderboard: async (name: string, hostPage?: unknown) => {
        shown.push({ name, host: !!hostPage });
      },
      isSignedIn: () => signedIn,
    } as unknown as CloudServices;
    const adapter = (adapterHasBoards ? { leaderboards: hostBoards } : {}) as unknown as PlatformAdapter;
    const handlers = createCloudHandlers(
      adapter,
      () => services,
      () => 'Fxid',
      () => [board('on-host')],
    );
    const call = (path: string, params: unknown) => {
      const found = resolvePath(handlers, path);
      if ('error' in found) throw found.error;
      return Promise.resolve().then(() => found.fn.call(found.self, params));
    };
    return { call, calls, shown };
  };

  it('sends a board the catalog keeps on the host to the adapter’s boards, and the others to fxid’s', async () => {
    const { call, calls, shown } = setup(true);
    expect(await call('leaderboard.submit', { name: 'on-host', score: 5 })).toMatchObject({ entry: { name: 'host' } });
    expect(await call('leaderboard.submit', { name: 'elsewhere', score: 6 })).toMatchObject({
      entry: { name: 'fxid' },
    });
    expect(calls).toEqual(['host submit on-host 5', 'fxid submit elsewhere 6']);
    expect(await call('leaderboard.top', { name: 'on-host' })).toMatchObject({ entries: [{ name: 'host' }] });
    expect(await call('leaderboard.player', { name: 'on-host' })).toMatchObject({ score: 7 });
    expect(await call('leaderboard.player', { name: 'elsewhere' })).toMatchObject({ score: 9 });
    await call('leaderboard.show', { name: 'on-host' });
    await call('leaderboard.show', { name: 'elsewhere' });
    expect(shown).toEqual([
      { name: 'on-host', host: true },
      { name: 'elsewhere', host: false },
    ]);
  });

  it('applies the catalog’s score range to a host’s board before the host sees the score', async () => {
    const { call, calls } = setup(true);
    for (const score of [-1, 1001]) {
      await expect(call('leaderboard.submit', { name: 'on-host', score })).rejects.toMatchObject({
        code: 'leaderboard_score_out_of_range',
      });
    }
    expect(calls).toEqual([]);
  });

  it('uses fxid’s boards when the adapter has none, and lets the host decide about its own guests', async () => {
    const { call, calls } = setup(false);
    await call('leaderboard.submit', { name: 'on-host', score: 5 });
    expect(calls).toEqual(['fxid submit on-host 5']);
    const guest = setup(true, false);
    await guest.call('leaderboard.submit', { name: 'on-host', score: 5 });
    expect(guest.calls).toEqual(['host submit on-host 5']);
    await expect(guest.call('leaderboard.submit', { name: 'elsewhere', score: 5 })).rejects.toMatchObject({
      code: 'guest',
    });
  });
});

describe('moving saves when the catalog’s choice changes', () => {
  const handlersFor = (host: PlatformStorage, fxid: PlatformStorage, store: 'Host' | 'Fxid') =>
    createCloudHandlers(
      { storage: host } as unknown as PlatformAdapter,
      () => ({ storage: fxid, isSignedIn: () => true }) as unknown as CloudServices,
      () => store,
    ).storage;

  it('moves what the host kept into fxid’s store once the catalog says Fxid, keeping fxid’s newer values', async () => {
    const host = fakeServer({
      progress: { value: 'host-old', version: 4, updatedAt: 100 },
      wallet: { value: 'host-wallet', version: 2, updatedAt: 300 },
    });
    const fxid = fakeServer({ progress: { value: 'fxid-new', version: 1, updatedAt: 200 } });
    const storage = handlersFor(host, fxid, 'Fxid');
    expect(await storage?.get?.({ keys: ['progress', 'wallet'] })).toMatchObject({
      progress: { value: 'fxid-new', version: 1 },
      wallet: { value: 'host-wallet', version: 1 },
    });
    expect(host.rows.size).toBe(0);
    // Once per page: a later call does not move again.
    host.rows.set('late', { value: 1, version: 1, updatedAt: 1 });
    await storage?.get?.({ keys: ['wallet'] });
    expect(host.rows.has('late')).toBe(true);
  });

  it('moves fxid’s values into the host’s storage once the catalog says Host', async () => {
    const host = fakeServer();
    const fxid = fakeServer({ progress: { value: 'saved-on-fxid', version: 3, updatedAt: 100 } });
    const storage = handlersFor(host, fxid, 'Host');
    expect(await storage?.set?.({ entries: { other: 1 } })).toEqual({ versions: { other: 1 } });
    expect(host.rows.get('progress')).toMatchObject({ value: 'saved-on-fxid', version: 1 });
    expect(fxid.rows.size).toBe(0);
  });

  it('leaves the source as it was when the target refuses, and still answers from the chosen store', async () => {
    const host = fakeServer({ progress: { value: 'kept', version: 1, updatedAt: 100 } });
    const full = {
      ...fakeServer(),
      set: async () => Promise.reject(Object.assign(new Error('full'), { code: 'storage_quota_exceeded' })),
    };
    const storage = handlersFor(host, full, 'Fxid');
    expect(await storage?.get?.({ keys: ['progress'] })).toEqual({});
    expect(host.rows.get('progress')).toMatchObject({ value: 'kept' });
  });
});
