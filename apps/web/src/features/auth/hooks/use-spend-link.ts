import { useEffect, useState } from 'react';
import { storeAuthToken } from '../../../shared/lib/auth-token';
import { runOnce } from '../lib/run-once';
import { trackSignIn } from '../lib/sign-in-progress';

export type LinkState<T> = { status: 'pending' } | { status: 'done'; result: T } | { status: 'failed'; error: unknown };

/**
 * Spends a single-use sign-in token once (StrictMode runs effects twice; the token
 * must not be), stores the session token it returns, and reports how it went.
 */
export function useSpendLink<T extends { Token: string }>(key: string | null, spend: () => Promise<T>): LinkState<T> {
  const [state, setState] = useState<LinkState<T>>({ status: 'pending' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the work; spend is recreated every render
  useEffect(() => {
    if (!key) return;
    let live = true;
    // A new key is a new try (the player confirmed): what the last one said no longer holds.
    setState({ status: 'pending' });
    const work = runOnce(key, async () => {
      const result = await trackSignIn(spend());
      storeAuthToken(result.Token);
      return result;
    });
    work.then(
      (result) => live && setState({ status: 'done', result }),
      (error: unknown) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state;
}
