import { inject } from 'vitest';

/** The game the single-game site of global-setup.ts is fixed to. */
export const FIXED_GAME = 'sky-runner';

/** Base URL (ending in `/`) of the multi-game portal started by global-setup.ts. */
export function portalUrl(): string {
  return inject('portalUrl');
}

/** Base URL (ending in `/`) of the single-game site started by global-setup.ts. */
export function singleGameUrl(): string {
  return inject('singleGameUrl');
}
