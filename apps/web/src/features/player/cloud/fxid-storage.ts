import type { PlatformStorage } from '@fxid/platforms';
import { clearGuestSaves, createGuestStorage, readGuestSaves } from './guest-storage';
import { moveSaves } from './move-saves';

export { guestValuesToMove } from './move-saves';

export interface FxidStorage extends PlatformStorage {
  /** Moves a guest's values of this game to the signed-in account (see moveGuestSaves); safe to call often. */
  moveGuestSaves(): Promise<void>;
}

/**
 * fxid's own saves for a game: the browser's for a guest, the server's for a signed-in player.
 * A guest's values move to the account at sign-in (and, failing that, before the first call
 * as a signed-in player): each key the account lacks, or whose server value is older than the
 * guest's, is written with its expected version; newer server values are kept; then the
 * browser's copy is cleared. A move that fails (the account is full) leaves the guest values
 * in the browser and is tried again at the next sign-in.
 */
export function createFxidStorage(options: {
  game: string;
  signedIn: () => string | null;
  server: PlatformStorage;
  log: (message: string, data?: unknown) => void;
}): FxidStorage {
  const { game, signedIn, server, log } = options;
  const guest = createGuestStorage(game);
  /** The move for each session token, once per page. */
  const moves = new Map<string, Promise<void>>();

  const move = async () => {
    if (Object.keys(readGuestSaves(game)).length === 0) return;
    if (await moveSaves(guest, server, log)) clearGuestSaves(game);
  };
  const moveGuestSaves = () => {
    const token = signedIn();
    if (!token) return Promise.resolve();
    let pending = moves.get(token);
    if (!pending) {
      pending = move();
      moves.set(token, pending);
    }
    return pending;
  };
  const target = async (): Promise<PlatformStorage> => {
    if (!signedIn()) return guest;
    await moveGuestSaves();
    return server;
  };
  return {
    moveGuestSaves,
    get: async (keys) => (await target()).get(keys),
    set: async (entries, versions) => (await target()).set(entries, versions),
    delete: async (keys) => (await target()).delete(keys),
  };
}
