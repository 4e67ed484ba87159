import { createLogger } from './logger';

/**
 * Sign-in events of spec §4, for whoever needs to follow the player's identity
 * (the game player forwards them to the game). Emitted by the auth feature only.
 */
export type AuthEvent =
  /** A different account (or none) is signed in now; null means nobody. */
  | { type: 'account-changed'; previousAccountId: string | null; accountId: string | null }
  /** After every sign-in, once the account is known. */
  | { type: 'user-info-changed'; accountId: string };

export type AuthEventListener = (event: AuthEvent) => void;

const logger = createLogger('auth-events');
const listeners = new Set<AuthEventListener>();

/** Calls back on every auth event; returns the unsubscribe function. */
export function onAuthEvent(listener: AuthEventListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells every listener; a failing listener is reported and never stops the others or the caller. */
export function emitAuthEvent(event: AuthEvent): void {
  for (const listener of [...listeners]) {
    try {
      listener(event);
    } catch (error) {
      logger.error('an auth event listener failed', error);
    }
  }
}
