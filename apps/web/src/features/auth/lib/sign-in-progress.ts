import { useSyncExternalStore } from 'react';

// How many sign-ins are running; the header disables its button meanwhile (spec §4 'in progress').
let running = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Marks a sign-in as running until the work settles. */
export async function trackSignIn<T>(work: Promise<T>): Promise<T> {
  running += 1;
  notify();
  try {
    return await work;
  } finally {
    running -= 1;
    notify();
  }
}

export function isSignInInProgress(): boolean {
  return running > 0;
}

export function useSignInInProgress(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isSignInInProgress,
    () => false,
  );
}
