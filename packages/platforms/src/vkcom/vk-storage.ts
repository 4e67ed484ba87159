import { utf8Bytes } from '@fxid/contract/storage-limits';
import { SdkError } from '@fxid/sdk/host';
import type { PlatformStorage } from '../adapter.js';
import { type HostRecord, recordOf, versionedHostStorage } from '../host-storage.js';

type Send = (method: string, props?: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** VK's limits on VKWebAppStorageSet: a key of at most 100 characters, a value of at most 4096 bytes. */
export const VK_KEY_MAX_LENGTH = 100;
export const VK_VALUE_MAX_BYTES = 4096;
/** Keys per VKWebAppStorageGetKeys page, and per VKWebAppStorageGet. */
const PAGE = 1000;
const PREFIX = 's_';

/**
 * Our keys in VK's alphabet (letters, digits, `_`, `-`): `_` becomes `__`, `.` `_d`, `:` `_c`,
 * behind a prefix that tells our keys from any other the app keeps. Reversible, so
 * VKWebAppStorageGetKeys lists our keys back.
 */
export function vkKey(key: string): string {
  return PREFIX + key.replace(/[_.:]/g, (char) => (char === '_' ? '__' : char === '.' ? '_d' : '_c'));
}

/** The key a VK key stands for; null for a key that is not one of ours. */
export function keyOfVk(vk: string): string | null {
  if (!vk.startsWith(PREFIX)) return null;
  const body = vk.slice(PREFIX.length);
  if (!/^(?:[A-Za-z0-9-]|__|_d|_c)+$/.test(body)) return null;
  return body.replace(/_(.)/g, (_, char: string) => (char === '_' ? '_' : char === 'd' ? '.' : ':'));
}

function checkedKey(key: string): string {
  const vk = vkKey(key);
  if (vk.length > VK_KEY_MAX_LENGTH) {
    throw new SdkError(
      'invalid_request',
      `${key} is too long for VK storage: VK keys hold at most ${VK_KEY_MAX_LENGTH} characters (${vk} has ${vk.length})`,
    );
  }
  return vk;
}

/**
 * Saves in VK's own storage (VKWebAppStorageGet / Set / GetKeys, per user and app). Each key is
 * one VK key holding `{"v":…,"n":version,"t":time}` as JSON, which must fit VK's 4096 bytes
 * (`storage_value_too_large` otherwise, before anything is written); a delete sets the empty
 * value, which VK treats as no key. VK has no versions: see versionedHostStorage for what a
 * conflict means here.
 */
export function vkStorage(send: Send): PlatformStorage {
  const allKeys = async () => {
    const keys: string[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = ((await send('VKWebAppStorageGetKeys', { count: PAGE, offset })).keys ?? []) as string[];
      keys.push(...page);
      if (page.length < PAGE) return keys;
    }
  };
  return versionedHostStorage({
    async read(keys) {
      const vkKeys = keys ? keys.map(checkedKey) : (await allKeys()).filter((vk) => keyOfVk(vk) !== null);
      const records: Record<string, HostRecord> = {};
      for (let start = 0; start < vkKeys.length; start += PAGE) {
        const answer = await send('VKWebAppStorageGet', { keys: vkKeys.slice(start, start + PAGE) });
        for (const { key, value } of (answer.keys ?? []) as { key: string; value: string }[]) {
          const ours = keyOfVk(key);
          // VK answers an absent key with an empty value.
          if (ours === null || value === '' || value === undefined) continue;
          let parsed: unknown = value;
          try {
            parsed = JSON.parse(value);
          } catch {
            // A plain string someone else stored: read as it is.
          }
          records[ours] = recordOf(parsed);
        }
      }
      return records;
    },
    async write(changes) {
      const writes = Object.entries(changes).map(([key, record]) => {
        const value = record === null ? '' : JSON.stringify(record);
        const bytes = utf8Bytes(value);
        if (bytes > VK_VALUE_MAX_BYTES) {
          throw new SdkError(
            'storage_value_too_large',
            `The value of ${key} takes ${bytes} bytes in VK storage; VK keeps at most ${VK_VALUE_MAX_BYTES}`,
          );
        }
        return { key: checkedKey(key), value };
      });
      // VK sets one key per call.
      for (const write of writes) await send('VKWebAppStorageSet', write);
    },
  });
}
