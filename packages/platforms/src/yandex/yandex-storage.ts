import { utf8Bytes } from '@fxid/contract/storage-limits';
import { SdkError } from '@fxid/sdk/host';
import type { PlatformStorage } from '../adapter.js';
import { type HostRecord, recordOf, versionedHostStorage } from '../host-storage.js';
import type { YaPlayer } from './yandex-sdk.js';

/** Yandex keeps at most 200 KB of player data per game. */
export const YANDEX_DATA_MAX_BYTES = 200 * 1024;

/**
 * Saves in Yandex's player data (player.getData / setData), one data key per key holding
 * `{v, n, t}`. setData replaces the whole object, so a write reads all of it, changes our keys
 * and writes it back with flush (sent at once rather than batched). Yandex keeps an authorized
 * player's data on its servers and a guest's in the browser, so a guest's saves stay on the
 * device. See versionedHostStorage for what a conflict means without host versions.
 */
export function yandexStorage(player: () => Promise<YaPlayer>): PlatformStorage {
  const all = async () => ((await (await player()).getData()) ?? {}) as Record<string, unknown>;
  return versionedHostStorage({
    async read(keys) {
      const data = keys ? ((await (await player()).getData(keys)) ?? {}) : await all();
      const records: Record<string, HostRecord> = {};
      for (const [key, stored] of Object.entries(data)) {
        if (stored !== undefined && stored !== null) records[key] = recordOf(stored);
      }
      return records;
    },
    async write(changes) {
      const data = await all();
      for (const [key, record] of Object.entries(changes)) {
        if (record === null) delete data[key];
        else data[key] = record;
      }
      const bytes = utf8Bytes(JSON.stringify(data));
      if (bytes > YANDEX_DATA_MAX_BYTES) {
        throw new SdkError(
          'storage_quota_exceeded',
          `Saved data would take ${bytes} bytes; Yandex keeps at most ${YANDEX_DATA_MAX_BYTES} per player`,
        );
      }
      await (await player()).setData(data, true);
    },
  });
}
