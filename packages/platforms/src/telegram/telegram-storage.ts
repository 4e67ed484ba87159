import { SdkError } from '@fxid/sdk/host';
import type { PlatformStorage } from '../adapter.js';
import {
  type HostRecord,
  keyOfSafeKey,
  parseStored,
  recordOf,
  safeKey,
  versionedHostStorage,
} from '../host-storage.js';

/** Telegram's CloudStorage limits: keys of 1–128 characters, values of at most 4096 characters. */
export const TELEGRAM_KEY_MAX_LENGTH = 128;
export const TELEGRAM_VALUE_MAX_LENGTH = 4096;

/** One of CloudStorage's custom methods (web_app_invoke_custom_method), resolving with its result. */
export type InvokeCustomMethod = (method: string, params: Record<string, unknown>) => Promise<unknown>;

function checkedKey(key: string): string {
  const telegram = safeKey(key);
  if (telegram.length > TELEGRAM_KEY_MAX_LENGTH) {
    throw new SdkError(
      'invalid_request',
      `${key} is too long for Telegram's CloudStorage: keys hold at most ${TELEGRAM_KEY_MAX_LENGTH} characters`,
    );
  }
  return telegram;
}

/**
 * Saves in Telegram's CloudStorage (per user and bot), through the custom methods
 * telegram-web-app.js itself uses (getStorageKeys, getStorageValues, saveStorageValue,
 * deleteStorageValues; platform-protocols.md §13f). Keys are mapped as on VK (the same alphabet);
 * each holds `{"v":…,"n":version,"t":time}` as JSON of at most 4096 characters
 * (`storage_value_too_large` otherwise, before anything is written). Telegram has no versions:
 * see versionedHostStorage for what a conflict means here.
 */
export function telegramStorage(invoke: InvokeCustomMethod): PlatformStorage {
  return versionedHostStorage({
    async read(keys) {
      const telegramKeys = keys
        ? keys.map(checkedKey)
        : ((await invoke('getStorageKeys', {})) as string[]).filter((key) => keyOfSafeKey(key) !== null);
      if (telegramKeys.length === 0) return {};
      const values = (await invoke('getStorageValues', { keys: telegramKeys })) as Record<string, string>;
      const records: Record<string, HostRecord> = {};
      for (const [key, value] of Object.entries(values ?? {})) {
        const ours = keyOfSafeKey(key);
        // Telegram answers an absent key with an empty value.
        if (ours !== null && typeof value === 'string' && value !== '') records[ours] = recordOf(parseStored(value));
      }
      return records;
    },
    async write(changes) {
      const saves: { key: string; value: string }[] = [];
      const deletes: string[] = [];
      for (const [key, record] of Object.entries(changes)) {
        if (record === null) {
          deletes.push(checkedKey(key));
          continue;
        }
        const value = JSON.stringify(record);
        if (value.length > TELEGRAM_VALUE_MAX_LENGTH) {
          throw new SdkError(
            'storage_value_too_large',
            `The value of ${key} takes ${value.length} characters in Telegram's CloudStorage; it keeps at most ${TELEGRAM_VALUE_MAX_LENGTH}`,
          );
        }
        saves.push({ key: checkedKey(key), value });
      }
      // Telegram saves one key per call.
      for (const save of saves) await invoke('saveStorageValue', save);
      if (deletes.length > 0) await invoke('deleteStorageValues', { keys: deletes });
    },
  });
}
