import { STORAGE_LIMITS, storageValueBytes, utf8Bytes } from '@fxid/contract/storage-limits';
import type { StorageEntry } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
import type { PlatformStorage } from './adapter.js';

/**
 * One key as fxid keeps it in a host's storage: the value with the version and time fxid adds,
 * since no host keeps either (`v` value, `n` version, `t` epoch ms of the write).
 */
export interface HostRecord {
  v: unknown;
  n: number;
  t: number;
}

/** A host's storage as the shared versioning below needs it; each platform supplies one. */
export interface HostStore {
  /** The records of these keys (every key of ours when undefined); absent keys are left out. */
  read(keys?: string[]): Promise<Record<string, HostRecord>>;
  /** Writes records (null: removes the key); throws a coded SdkError for what the host refuses. */
  write(changes: Record<string, HostRecord | null>): Promise<void>;
}

const PREFIX = 's_';

/**
 * Our keys in the alphabet VK's and Telegram's storage allow (letters, digits, `_`, `-`): `_`
 * becomes `__`, `.` `_d`, `:` `_c`, behind a prefix that tells our keys from any other the app
 * keeps. Reversible, so a host's list of keys gives ours back.
 */
export function safeKey(key: string): string {
  return PREFIX + key.replace(/[_.:]/g, (char) => (char === '_' ? '__' : char === '.' ? '_d' : '_c'));
}

/** The key a host key stands for; null for a key that is not one of ours. */
export function keyOfSafeKey(hostKey: string): string | null {
  if (!hostKey.startsWith(PREFIX)) return null;
  const body = hostKey.slice(PREFIX.length);
  if (!/^(?:[A-Za-z0-9-]|__|_d|_c)+$/.test(body)) return null;
  return body.replace(/_(.)/g, (_, char: string) => (char === '_' ? '_' : char === 'd' ? '.' : ':'));
}

/** A stored value read back: JSON where it parses, else the plain string someone else stored. */
export function parseStored(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** A stored value as a record; something another writer left there (not ours) reads as version 1. */
export function recordOf(stored: unknown): HostRecord {
  const record = stored as Partial<HostRecord> | null;
  if (record && typeof record === 'object' && 'v' in record && Number.isSafeInteger(record.n))
    return { v: record.v, n: record.n as number, t: Number(record.t) || 0 };
  return { v: stored, n: 1, t: 0 };
}

const entryOf = (record: HostRecord): StorageEntry => ({ value: record.v, version: record.n, updatedAt: record.t });
const ABSENT: StorageEntry = { value: null, version: 0, updatedAt: 0 };

/**
 * fxid's storage semantics over a host's plain key-value storage. Versions are fxid's, kept
 * beside each value: a write naming a version is checked against what the host holds when the
 * write starts, so a save made from stale data (another device wrote since this one read) gets
 * `storage_version_conflict` with the current values. The host has no compare-and-set: two
 * writes racing within one read-then-write both pass and the later one stays. A set of several
 * keys is checked as a whole before anything is written, but written as the host writes
 * (key by key on VK), so a host failure midway can leave some keys written.
 */
export function versionedHostStorage(store: HostStore, now: () => number = Date.now): PlatformStorage {
  return {
    async get(keys) {
      const records = await store.read(keys);
      return Object.fromEntries(Object.entries(records).map(([key, record]) => [key, entryOf(record)]));
    },
    async set(entries, versions = {}) {
      for (const [key, value] of Object.entries(entries)) {
        const bytes = storageValueBytes(value);
        if (bytes > STORAGE_LIMITS.valueBytes) {
          throw new SdkError(
            'storage_value_too_large',
            `The value of ${key} takes ${bytes} bytes; at most ${STORAGE_LIMITS.valueBytes}`,
          );
        }
      }
      const keys = Object.keys(entries);
      const stored = await store.read(keys);
      const stale = keys.filter((key) => key in versions && versions[key] !== (stored[key]?.n ?? 0));
      if (stale.length > 0) {
        const current = Object.fromEntries(
          stale.map((key) => [key, stored[key] ? entryOf(stored[key]) : ABSENT] as const),
        );
        throw new SdkError('storage_version_conflict', `Changed since read: ${stale.join(', ')}`, { current });
      }
      const at = now();
      const changes = Object.fromEntries(
        keys.map((key) => [key, { v: entries[key], n: (stored[key]?.n ?? 0) + 1, t: at }] as const),
      );
      await store.write(changes);
      return { versions: Object.fromEntries(keys.map((key) => [key, changes[key]?.n ?? 0])) };
    },
    async delete(keys) {
      const deleted = Object.keys(await store.read(keys)).sort();
      if (deleted.length > 0) await store.write(Object.fromEntries(deleted.map((key) => [key, null])));
      return { deleted };
    },
  };
}

/** A host storage that keeps one object: read whole, written whole (Yandex's player data, …). */
export interface WholeObjectStore {
  /** The object our keys live in ({} when there is none yet). */
  load(): Promise<Record<string, unknown>>;
  save(data: Record<string, unknown>): Promise<void>;
  /** The most bytes the host keeps (the object as UTF-8 JSON), and its name for the message. */
  maxBytes: number;
  host: string;
}

/**
 * fxid's storage over a host that keeps one object per player: each key of ours holds its record
 * in the object; a write loads it, changes our keys and saves it whole, refused with
 * `storage_quota_exceeded` (nothing written) when it would outgrow the host's limit.
 */
export function wholeObjectStorage(store: WholeObjectStore, now?: () => number): PlatformStorage {
  return versionedHostStorage(
    {
      async read(keys) {
        const data = await store.load();
        const records: Record<string, HostRecord> = {};
        for (const key of keys ?? Object.keys(data)) {
          const stored = data[key];
          if (stored !== undefined && stored !== null) records[key] = recordOf(stored);
        }
        return records;
      },
      async write(changes) {
        const data = { ...(await store.load()) };
        for (const [key, record] of Object.entries(changes)) {
          if (record === null) delete data[key];
          else data[key] = record;
        }
        const bytes = utf8Bytes(JSON.stringify(data));
        if (bytes > store.maxBytes) {
          throw new SdkError(
            'storage_quota_exceeded',
            `Saved data would take ${bytes} bytes; ${store.host} keeps at most ${store.maxBytes} per player`,
          );
        }
        await store.save(data);
      },
    },
    now,
  );
}
