import { useCallback } from 'react';
import { logout } from '../../../entities/profile/api/logout';
import { useApiClient } from '../../../shared/api/api-context';
import { clearAuthToken, readAuthToken } from '../../../shared/lib/auth-token';
import { createLogger } from '../../../shared/lib/logger';

const logger = createLogger('auth');

/**
 * Forgets the token here first (so nothing in this or another tab asks with a revoked
 * one), then ends the session on the server; the root's auth sync wipes the cache and
 * raises account-changed. Signed out locally even if the call fails.
 */
export function useSignOut(): () => Promise<void> {
  const api = useApiClient();
  return useCallback(async () => {
    const token = readAuthToken();
    clearAuthToken();
    if (token) await logout(api, token).catch((error: unknown) => logger.warn('logout failed', error));
  }, [api]);
}
