import type { PlatformStorage } from '../adapter.js';
import { wholeObjectStorage } from '../host-storage.js';
import type { FbInstant } from './fbinstant-sdk.js';

/** The player-data key our saves live in: getDataAsync lists no keys, so they are kept together. */
export const FB_SAVES_KEY = 'fxid_saves';
/** Facebook keeps at most 1 MB of data per player (UNCONFIRMED beyond Facebook's docs). */
export const FB_DATA_MAX_BYTES = 1024 * 1024;

/**
 * Saves in Instant Games' player data (player.getDataAsync / setDataAsync, platform-protocols.md
 * §13c): all of our keys under one data key as `{key: {v, n, t}}`; the game's other data keys stay.
 * See versionedHostStorage for what a conflict means without host versions.
 */
export function fbInstantStorage(player: () => FbInstant['player']): PlatformStorage {
  return wholeObjectStorage({
    load: async () => {
      const stored = (await player().getDataAsync?.([FB_SAVES_KEY]))?.[FB_SAVES_KEY];
      return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
    },
    save: async (saves) => {
      await player().setDataAsync?.({ [FB_SAVES_KEY]: saves });
    },
    maxBytes: FB_DATA_MAX_BYTES,
    host: 'Facebook',
  });
}
