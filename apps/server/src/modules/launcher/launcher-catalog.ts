import type { LauncherBranchDefinition, LauncherDefinition } from '@fxid/contract';
import { GameNotFoundError, LauncherError } from '../../errors.js';
import type { GameCatalog } from '../catalog/game-catalog.js';

/** A game's launcher block, with the game's id. */
export interface GameLauncher {
  gameId: string;
  game: string;
  launcher: LauncherDefinition;
}

/** The launcher block of a game; a game without one has no launcher builds. */
export async function gameLauncher(catalog: GameCatalog, game: string): Promise<GameLauncher> {
  const record = await catalog.find(game);
  if (!record) throw new GameNotFoundError(game);
  const launcher = record.definition.Launcher;
  if (!launcher) throw new LauncherError('launcher_not_available', `${game} has no launcher builds`, { Game: game });
  return { gameId: record.id, game, launcher };
}

export function branchOf(found: GameLauncher, name: string): LauncherBranchDefinition {
  const branch = found.launcher.Branches.find((candidate) => candidate.Name === name);
  if (!branch) {
    throw new LauncherError('launcher_branch_not_found', `${found.game} has no branch ${name}`, {
      Game: found.game,
      Branch: name,
    });
  }
  return branch;
}

export function artifactOf(found: GameLauncher, branch: LauncherBranchDefinition, name: string) {
  const artifact = branch.Artifacts.find((candidate) => candidate.Name === name);
  if (!artifact) {
    throw new LauncherError('launcher_artifact_not_found', `${found.game}/${branch.Name} has no artifact ${name}`, {
      Game: found.game,
      Branch: branch.Name,
      Artifact: name,
    });
  }
  return artifact;
}
