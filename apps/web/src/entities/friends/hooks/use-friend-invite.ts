import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApiClient } from '../../../shared/api/api-context';
import { useAuthToken } from '../../../shared/lib/auth-token';
import { createLogger } from '../../../shared/lib/logger';
import { acceptInvite } from '../api/accept-invite';
import { acceptPendingInvite, captureFxref } from '../lib/fxref';

const logger = createLogger('friends');

/** Local storage, or none where the browser blocks it. */
function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps the fxref of the invite link the visitor arrived through and, once they are
 * signed in (now or after a later sign-in), makes them friends with the inviter.
 */
export function useFriendInvite() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const token = useAuthToken();
  const busy = useRef(false);

  useEffect(() => {
    const storage = safeStorage();
    if (storage) captureFxref(window.location.href, storage);
  }, []);

  useEffect(() => {
    const storage = safeStorage();
    // One call at a time: a second render (or Strict Mode) must not report the same invite twice.
    if (!token || !storage || busy.current) return;
    busy.current = true;
    acceptPendingInvite(storage, (fxref) => acceptInvite(api, token, fxref), logger)
      .then((outcome) => {
        if (outcome === 'accepted') return queryClient.invalidateQueries({ queryKey: ['friends'] });
      })
      .finally(() => {
        busy.current = false;
      });
  }, [api, queryClient, token]);
}
