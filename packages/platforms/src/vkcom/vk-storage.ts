import { utf8Bytes } from '@fxid/contract/storage-limits';
import { SdkError } from '@fxid/sdk/host';
import type { PlatformStorage } from '../adapter.js';
import { type HostRecord, keyOfSafeKey, recordOf, safeKey, versionedHostStorage } from '../host-storage.js';

type Send = (method: string, props?: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** VK's limits on VKWebAppStorageSet: a key of at most 100 characters, a value of at most 4096 bytes. */
export const VK_KEY_MAX_LENGTH = 100;
export const VK_VALUE_MAX_BYTES = 4096;
/** Keys per VKWebAppStorageGetKeys page, and per VKWebAppStorageGet. */
const PAGE = 1000;

/** Our keys in VK's alphabet, as host-storage.ts maps them (VK and Telegram share the alphabet). */
export { keyOfSafeKey as keyOfVk, safeKey as vkKey } from '../host-storage.js';

function checkedKey(key: string): string {
  const vk = safeKey(key);
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
      const vkKeys = keys ? keys.map(checkedKey) : (await allKeys()).filter((vk) => keyOfSafeKey(vk) !== null);
      const records: Record<string, HostRecord> = {};
      for (let start = 0; start < vkKeys.length; start += PAGE) {
        const answer = await send('VKWebAppStorageGet', { keys: vkKeys.slice(start, start + PAGE) });
        for (const { key, value } of (answer.keys ?? []) as { key: string; value: string }[]) {
          const ours = keyOfSafeKey(key);
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
