import { SdkError, type StorageConflict } from '@fxid/sdk';
import type { Shell } from './shell.js';
import { tracked } from './tracked.js';

/** What the demo keeps in the cloud: rounds played, the best score, and the wallet. */
export interface Progress {
  rounds: number;
  best: number;
  balance: number;
}

const KEY = 'progress';
const EMPTY: Progress = { rounds: 0, best: 0, balance: 0 };

function asProgress(value: unknown): Progress {
  const saved = (value ?? {}) as Partial<Progress>;
  const number = (field: unknown) => (typeof field === 'number' && Number.isFinite(field) ? field : 0);
  return { rounds: number(saved.rounds), best: number(saved.best), balance: number(saved.balance) };
}

/** Two copies of the progress made on two devices: the most of each (nothing is lost). */
export function mergeProgress(a: Progress, b: Progress): Progress {
  return {
    rounds: Math.max(a.rounds, b.rounds),
    best: Math.max(a.best, b.best),
    balance: Math.max(a.balance, b.balance),
  };
}

/**
 * The cloud copy of the player's progress (`storage.get` / `storage.set`), with the version it was
 * read at, so that a save made from an older copy is refused and merged instead of overwriting.
 */
export function createProgress(getShell: () => Shell) {
  let current: Progress = { ...EMPTY };
  let version = 0;
  const restore = async (): Promise<Progress> => {
    const { sdk, log } = getShell();
    const outcome = await tracked(log, 'storage.get', () => sdk.storage.get([KEY]));
    if (outcome.ok) {
      const entry = outcome.value[KEY];
      current = asProgress(entry?.value);
      version = entry?.version ?? 0;
    }
    return current;
  };
  /** Saves `update(current)`; on a version conflict merges with what the other device saved and tries again. */
  const save = async (update: (progress: Progress) => Progress): Promise<Progress> => {
    const { sdk, log } = getShell();
    let next = update(current);
    for (let attempt = 0; attempt < 3; attempt++) {
      const outcome = await tracked(log, 'storage.set', () =>
        sdk.storage.set({ [KEY]: next }, { versions: { [KEY]: version } }),
      );
      if (outcome.ok) {
        current = next;
        version = outcome.value.versions[KEY] ?? version + 1;
        return current;
      }
      const { error } = outcome;
      if (!(error instanceof SdkError) || error.code !== 'storage_version_conflict') return current;
      // Another device saved since we read: merge with its copy, and write over its version.
      const theirs = (error.data as StorageConflict).current[KEY];
      version = theirs?.version ?? 0;
      next = mergeProgress(next, asProgress(theirs?.value));
    }
    return current;
  };
  return {
    restore,
    save,
    get current() {
      return current;
    },
  };
}

/** Shows saved progress in the game: the best score, and stars or gems earned elsewhere. */
export function applyProgress(shell: Shell, progress: Progress): void {
  shell.game.restoreBest(progress.best);
  if (progress.balance > shell.balance) shell.addToWallet(progress.balance - shell.balance);
  shell.render();
}

/** Reads the cloud copy (again after a sign-in: the account's own) and applies it. */
export async function loadProgress(shell: Shell): Promise<void> {
  applyProgress(shell, await shell.progress.restore());
}
