import type { PlatformStorage } from '../adapter.js';
import { wholeObjectStorage } from '../host-storage.js';
import type { CgSdk } from './crazygames-sdk.js';

/** The data item our saves live in: the data module lists no keys, so they are kept together. */
export const CRAZYGAMES_SAVES_ITEM = 'fxid_saves';
/** CrazyGames keeps at most 1 MB of data per player and game. */
export const CRAZYGAMES_DATA_MAX_BYTES = 1024 * 1024;

/**
 * Saves in CrazyGames' data module (SDK.data, platform-protocols.md §13b): all of our keys in one
 * item as JSON `{key: {v, n, t}}`. CrazyGames keeps a logged-in player's data with their account
 * and a guest's in the browser. See versionedHostStorage for what a conflict means without host
 * versions.
 */
export function crazyGamesStorage(data: () => NonNullable<CgSdk['data']>): PlatformStorage {
  return wholeObjectStorage({
    load: async () => {
      const text = data().getItem(CRAZYGAMES_SAVES_ITEM);
      if (!text) return {};
      try {
        const parsed: unknown = JSON.parse(text);
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
          ? (parsed as Record<string, unknown>)
          : {};
      } catch {
        return {};
      }
    },
    save: async (saves) => {
      if (Object.keys(saves).length === 0) data().removeItem(CRAZYGAMES_SAVES_ITEM);
      else data().setItem(CRAZYGAMES_SAVES_ITEM, JSON.stringify(saves));
    },
    maxBytes: CRAZYGAMES_DATA_MAX_BYTES,
    host: 'CrazyGames',
  });
}
