import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { LauncherError } from '../../errors.js';
import { newId } from '../../lib/ids.js';
import type { GameCatalog } from '../catalog/game-catalog.js';
import { branchOf, gameLauncher } from './launcher-catalog.js';
import { hashLauncherKey, newLauncherKey } from './launcher-keys.js';
import { claimKey, findKeyByHash, insertBranchAccess, insertKeys, unlockedBranches } from './launcher-repository.js';

/** The most keys one command makes; more runs make more. */
export const MAX_KEYS_PER_BATCH = 10_000;

/**
 * Makes `count` keys for a branch of a game and returns them: the only time they exist in
 * clear. Only their hashes are stored, all or none.
 */
export async function createKeys(
  deps: { db: Kysely<Database>; catalog: GameCatalog; now: number },
  game: string,
  branch: string,
  count: number,
): Promise<string[]> {
  const found = await gameLauncher(deps.catalog, game);
  branchOf(found, branch);
  if (!Number.isInteger(count) || count < 1 || count > MAX_KEYS_PER_BATCH) {
    throw new RangeError(`count must be from 1 to ${MAX_KEYS_PER_BATCH}`);
  }
  const keys = Array.from({ length: count }, newLauncherKey);
  await insertKeys(
    deps.db,
    keys.map((key) => ({
      id: newId(),
      key_hash: hashLauncherKey(key),
      game_id: found.gameId,
      branch,
      created_at: deps.now,
    })),
  );
  return keys;
}

/**
 * Activates a key for an account: it unlocks its branch for that account, once. The same
 * account sending its key again (a retry after a lost answer) gets the same answer; any
 * other account gets launcher_key_used. A key of another game is refused without being used.
 */
export async function activateKey(
  deps: { db: Kysely<Database>; catalog: GameCatalog; now: number },
  accountId: string,
  game: string,
  key: string,
): Promise<{ Success: true; Branch: string }> {
  const found = await gameLauncher(deps.catalog, game);
  return deps.db.transaction().execute(async (trx) => {
    const row = await findKeyByHash(trx, hashLauncherKey(key));
    if (!row) throw new LauncherError('launcher_key_unknown', 'No such key');
    if (row.game_id !== found.gameId) {
      throw new LauncherError('launcher_key_other_game', `This key is not for ${game}`, { Game: game });
    }
    if (row.activated_by === accountId) return { Success: true as const, Branch: row.branch };
    const used = () => new LauncherError('launcher_key_used', 'This key was activated before', { Game: game });
    if (row.activated_by !== null) throw used();
    if (!(await claimKey(trx, row.id, accountId, deps.now))) throw used();
    await insertBranchAccess(trx, {
      account_id: accountId,
      game_id: found.gameId,
      branch: row.branch,
      key_id: row.id,
      created_at: deps.now,
    });
    return { Success: true as const, Branch: row.branch };
  });
}

/** Whether an account (or an anonymous caller) may see and download a branch. */
export async function mayDownload(
  db: Kysely<Database>,
  accountId: string | undefined,
  gameId: string,
  branch: { Name: string; RequiresKey: boolean },
): Promise<boolean> {
  if (!branch.RequiresKey) return true;
  if (!accountId) return false;
  return (await unlockedBranches(db, accountId, gameId)).has(branch.Name);
}
