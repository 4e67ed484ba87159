import type { PlatformStorage } from '../adapter.js';
import { wholeObjectStorage } from '../host-storage.js';
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
  return wholeObjectStorage({
    load: async () => ((await (await player()).getData()) ?? {}) as Record<string, unknown>,
    save: async (data) => {
      await (await player()).setData(data, true);
    },
    maxBytes: YANDEX_DATA_MAX_BYTES,
    host: 'Yandex',
  });
}
