import { useSyncExternalStore } from 'react';

/** Where the sign-in token is kept (spec §9). */
export const AUTH_TOKEN_KEY = 'AuthToken';
const CHANGE_EVENT = 'fxid:auth-token';

export function readAuthToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY) || null;
  } catch {
    // Storage is blocked in some embedded and private contexts: nobody is signed in there.
    return null;
  }
}

export function storeAuthToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearAuthToken(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Calls back when the token changes in this tab or another one. */
export function subscribeAuthToken(callback: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === AUTH_TOKEN_KEY) callback();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGE_EVENT, callback);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGE_EVENT, callback);
  };
}

/** The current token, re-rendering on sign-in and sign-out. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeAuthToken, readAuthToken, () => null);
}
