import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { accountQuery, useAccount } from '../../../entities/profile/api/account';
import { useApiClient } from '../../../shared/api/api-context';
import { emitAuthEvent } from '../../../shared/lib/auth-events';
import { clearAuthToken, useAuthToken } from '../../../shared/lib/auth-token';
import { createLogger } from '../../../shared/lib/logger';
import { createSessionSync } from '../lib/session-sync';

const logger = createLogger('auth');

/** Keeps the cache and the auth events in step with the sign-in token (mounted once, at the root). */
export function useAuthSync(): void {
  const token = useAuthToken();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const account = useAccount();
  const [sync] = useState(() =>
    createSessionSync(token, {
      // After this commit's effects: query observers move to the new token's keys in their
      // own effects, and a reset before that would refetch with the old (maybe revoked) token.
      resetQueries: (keep) =>
        setTimeout(
          () =>
            void queryClient.resetQueries({
              predicate: (query) => !(query.queryKey[0] === 'account' && query.queryKey[1] === keep),
            }),
          0,
        ),
      fetchAccountId: async (next) => (await queryClient.fetchQuery(accountQuery(api, next))).AccountId,
      emit: emitAuthEvent,
      onError: (error) => logger.warn('the signed-in account could not be loaded', error),
    }),
  );

  useEffect(() => {
    void sync.tokenChanged(token);
  }, [sync, token]);

  const accountId = account.data?.AccountId;
  useEffect(() => {
    if (accountId) sync.accountLoaded(token, accountId);
  }, [sync, token, accountId]);

  // A revoked or expired session is useless: the player is signed out here too.
  const status = (account.error as { status?: number } | null)?.status;
  useEffect(() => {
    if (status === 401) clearAuthToken();
  }, [status]);
}
