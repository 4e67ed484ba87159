import type { PlatformStorage } from '@fxid/platforms';
import type { StorageEntry } from '@fxid/sdk';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import { ProblemError } from '../../../shared/api/problem';
import type { components } from '../../../shared/api/schema';
import { toSdkError } from '../host/purchases';
import { versionConflict } from './storage-errors';

type Item = components['schemas']['StorageItem'];

const entryOf = (item: Item): StorageEntry => ({ value: item.Value, version: item.Version, updatedAt: item.UpdatedAt });

/** A failed call as the game sees it; a version conflict keeps the server's current values as `data.current`. */
function toStorageError(error: unknown): unknown {
  if (error instanceof ProblemError && error.problem.ErrorCode === 'storage_version_conflict') {
    const current = (error.problem as { Current?: Item[] }).Current ?? [];
    return versionConflict(Object.fromEntries(current.map((item) => [item.Key, entryOf(item)])));
  }
  return toSdkError(error);
}

/** A signed-in player's saves on fxid's server (POST /storage/*). */
export function createServerStorage(api: ApiClient, game: string, token: () => string): PlatformStorage {
  const post = <T>(call: () => Promise<T>) => call().catch((error: unknown) => Promise.reject(toStorageError(error)));
  return {
    get: (keys) =>
      post(async () => {
        const body = keys ? { Game: game, Keys: keys } : { Game: game };
        const data = await unwrap(api.POST('/api/v1/storage/get', { body, headers: bearerHeaders(token()) }));
        return Object.fromEntries(data.Items.map((item) => [item.Key, entryOf(item)]));
      }),
    set: (entries, versions = {}) =>
      post(async () => {
        const Items = Object.entries(entries).map(([Key, Value]) =>
          versions[Key] === undefined ? { Key, Value } : { Key, Value, ExpectedVersion: versions[Key] },
        );
        const data = await unwrap(
          api.POST('/api/v1/storage/set', { body: { Game: game, Items }, headers: bearerHeaders(token()) }),
        );
        return { versions: Object.fromEntries(data.Items.map((item) => [item.Key, item.Version])) };
      }),
    delete: (keys) =>
      post(async () => {
        const data = await unwrap(
          api.POST('/api/v1/storage/delete', { body: { Game: game, Keys: keys }, headers: bearerHeaders(token()) }),
        );
        return { deleted: data.Deleted };
      }),
  };
}
