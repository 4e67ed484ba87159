import type { AuthEvent } from '../../../shared/lib/auth-events';

export interface SessionSyncDeps {
  /** Wipes every cached query except the new token's account (spec §4: a new token wipes the cache). */
  resetQueries(keepToken: string | null): void;
  fetchAccountId(token: string): Promise<string>;
  emit(event: AuthEvent): void;
  onError(error: unknown): void;
}

/**
 * Follows the sign-in token, wherever it changes (this tab or another): wipes the
 * cache, and after a sign-in raises account-changed when the account differs from the
 * previous one, then user-info-changed. Sign-out raises account-changed to null.
 */
export function createSessionSync(initialToken: string | null, deps: SessionSyncDeps) {
  let token = initialToken;
  let accountId: string | null = null;
  // A newer change makes an older, still-running one stop before it emits.
  let generation = 0;

  return {
    /** The account of a token became known (e.g. loaded with the page). */
    accountLoaded(forToken: string | null, id: string): void {
      if (forToken === token) accountId = id;
    },

    async tokenChanged(next: string | null): Promise<void> {
      if (next === token) return;
      const previousAccountId = accountId;
      token = next;
      accountId = null;
      generation += 1;
      const mine = generation;
      deps.resetQueries(next);
      if (!next) {
        if (previousAccountId) deps.emit({ type: 'account-changed', previousAccountId, accountId: null });
        return;
      }
      let id: string;
      try {
        id = await deps.fetchAccountId(next);
      } catch (error) {
        deps.onError(error);
        return;
      }
      if (mine !== generation) return;
      accountId = id;
      if (previousAccountId !== id) deps.emit({ type: 'account-changed', previousAccountId, accountId: id });
      deps.emit({ type: 'user-info-changed', accountId: id });
    },
  };
}

export type SessionSync = ReturnType<typeof createSessionSync>;
