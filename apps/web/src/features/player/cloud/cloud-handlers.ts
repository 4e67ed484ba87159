import { STORAGE_LIMITS } from '@fxid/contract/storage-limits';
import type { PlatformAdapter, PlatformLeaderboards, PlatformStorage } from '@fxid/platforms';
import type { HostHandlers, LeaderboardInfo, LeaderboardPage } from '@fxid/sdk/host';
import { SdkError } from '@fxid/sdk/host';
import { createLogger } from '../../../shared/lib/logger';
import { moveSaves } from './move-saves';

/** fxid's own saves and leaderboards, used on every platform whose adapter has none of its own. */
export interface CloudServices {
  storage: PlatformStorage;
  leaderboards: PlatformLeaderboards;
  /**
   * Opens the leaderboard modal over the game; resolves when the player closes it. `hostPage` loads
   * the rows of a board the host platform keeps (fxid's server is asked otherwise).
   */
  showLeaderboard(name: string, hostPage?: (limit: number) => Promise<LeaderboardPage>): Promise<void>;
  isSignedIn(): boolean;
}

/** Where the catalog keeps a game's saves on a platform (`CloudSaves`): the host's own storage, or fxid's. */
export type CloudSaveStore = 'Host' | 'Fxid';

/** The most rows one `leaderboard.top` returns (the server's limit too). */
export const LEADERBOARD_MAX_LIMIT = 100;
const EXTRA_MAX_LENGTH = 256;

const logger = createLogger('cloud');
const log = (message: string, data?: unknown) => logger.info(message, data);

const invalid = (message: string) => new SdkError('invalid_request', message);

function checkKeys(method: string, keys: unknown): string[] {
  if (!Array.isArray(keys) || keys.length === 0 || keys.length > STORAGE_LIMITS.keysPerRequest) {
    throw invalid(`${method} needs 1 to ${STORAGE_LIMITS.keysPerRequest} keys`);
  }
  for (const key of keys) {
    if (typeof key !== 'string' || !STORAGE_LIMITS.keyPattern.test(key)) {
      throw invalid(`${method}: ${String(key)} is not a key (1–64 letters, digits, _, -, . or :)`);
    }
  }
  return keys;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkName(method: string, params: unknown): string {
  const name = (params as { name?: unknown } | undefined)?.name;
  if (typeof name !== 'string' || !name) throw invalid(`${method} needs a leaderboard name`);
  return name;
}

/**
 * The `storage.*` and `leaderboard.*` methods: arguments checked once here; the host platform's
 * own storage when the catalog says `Host` for it and its adapter has one, fxid's otherwise;
 * the host's own board for each board the catalog keeps there (`hostBoards`, from the public
 * config's HostLeaderboards) when the adapter has boards, fxid's otherwise.
 */
export function createCloudHandlers(
  adapter: PlatformAdapter,
  cloud: () => CloudServices,
  saves: () => CloudSaveStore = () => 'Fxid',
  hostBoards: () => LeaderboardInfo[] = () => [],
): Pick<HostHandlers, 'storage' | 'leaderboard'> {
  /** The move from the store not chosen, once per page for each direction and sign-in state. */
  const moves = new Map<string, Promise<boolean>>();
  /**
   * The store the catalog chose. Where the adapter has a host storage, values left in the other
   * store (saved before the catalog's choice changed) move into the chosen one before its first
   * use; a move that fails is logged and tried again on the next page.
   */
  const storage = async (): Promise<PlatformStorage> => {
    const host = adapter.storage;
    const fxid = cloud().storage;
    if (!host) return fxid;
    const toHost = saves() === 'Host';
    const key = `${toHost ? 'to-host' : 'to-fxid'}:${cloud().isSignedIn()}`;
    let pending = moves.get(key);
    if (!pending) {
      pending = toHost ? moveSaves(fxid, host, log) : moveSaves(host, fxid, log);
      moves.set(key, pending);
    }
    await pending;
    return toHost ? host : fxid;
  };
  /** The host's boards and this board's definition, when the catalog keeps it on the host. */
  const onHost = (name: string) => {
    const host = adapter.leaderboards;
    const board = host && hostBoards().find((candidate) => candidate.name === name);
    return host && board ? { host, board } : undefined;
  };
  const requirePlayer = (what: string) => {
    if (!cloud().isSignedIn()) throw new SdkError('guest', `${what} needs a signed-in player`);
  };
  return {
    storage: {
      get: async (params) => {
        const keys = params?.keys === undefined ? undefined : checkKeys('storage.get', params.keys);
        return (await storage()).get(keys);
      },
      set: async (params) => {
        const entries = params?.entries;
        if (!isRecord(entries)) throw invalid('storage.set needs an object of entries');
        const keys = checkKeys('storage.set', Object.keys(entries));
        for (const key of keys) {
          if (entries[key] === undefined) throw invalid(`storage.set: ${key} has no value (use storage.delete)`);
        }
        const versions = params.versions;
        if (versions !== undefined) {
          if (!isRecord(versions)) throw invalid('storage.set versions must be an object');
          for (const [key, version] of Object.entries(versions)) {
            if (!(key in entries)) throw invalid(`storage.set: a version for ${key}, which it does not set`);
            if (!Number.isSafeInteger(version) || (version as number) < 0) {
              throw invalid(`storage.set: the version of ${key} must be a whole number ≥ 0`);
            }
          }
        }
        return (await storage()).set(entries, versions as Record<string, number> | undefined);
      },
      delete: async (params) => {
        const keys = checkKeys('storage.delete', params?.keys);
        return (await storage()).delete(keys);
      },
    },
    leaderboard: {
      submit: (params) => {
        const name = checkName('leaderboard.submit', params);
        const { score, extra } = params;
        if (!Number.isSafeInteger(score)) throw invalid('leaderboard.submit needs a whole-number score');
        if (extra !== undefined && (typeof extra !== 'string' || extra.length > EXTRA_MAX_LENGTH)) {
          throw invalid(`leaderboard.submit extra must be text of at most ${EXTRA_MAX_LENGTH} characters`);
        }
        const kept = onHost(name);
        if (!kept) {
          requirePlayer('Submitting a score');
          return cloud().leaderboards.submit(name, score, extra);
        }
        // The host checks no range of ours: the catalog's is applied here, as fxid's server applies it.
        const { board } = kept;
        if (score < board.minScore || score > board.maxScore) {
          throw new SdkError(
            'leaderboard_score_out_of_range',
            `${name} takes scores from ${board.minScore} to ${board.maxScore}`,
          );
        }
        return kept.host.submit(board, score, extra);
      },
      top: (params) => {
        const name = checkName('leaderboard.top', params);
        const limit = params.limit ?? 10;
        if (!Number.isInteger(limit) || limit < 1 || limit > LEADERBOARD_MAX_LIMIT) {
          throw invalid(`leaderboard.top limit must be 1 to ${LEADERBOARD_MAX_LIMIT}`);
        }
        if (params.around !== undefined && params.around !== 'player') {
          throw invalid("leaderboard.top around must be 'player'");
        }
        const kept = onHost(name);
        // A guest has no place on the board: around the player is the top for them (the host decides on its own).
        const around = params.around && (kept || cloud().isSignedIn()) ? ('player' as const) : undefined;
        const query: { limit: number; around?: 'player' } = around ? { limit, around } : { limit };
        return kept ? kept.host.top(kept.board, query) : cloud().leaderboards.top(name, query);
      },
      player: async (params) => {
        const name = checkName('leaderboard.player', params);
        const kept = onHost(name);
        if (kept) return kept.host.player(kept.board);
        if (!cloud().isSignedIn()) return null;
        return cloud().leaderboards.player(name);
      },
      show: async (params) => {
        const name = checkName('leaderboard.show', params);
        const kept = onHost(name);
        await cloud().showLeaderboard(name, kept && ((limit) => kept.host.top(kept.board, { limit })));
        return { shown: true };
      },
    },
  };
}
