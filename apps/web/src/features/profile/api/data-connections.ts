import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import { useAuthToken } from '../../../shared/lib/auth-token';

/** POST /data-connections/get: the services (Twitch) connected to the account, per game; never their tokens. */
export function useDataConnections() {
  const api = useApiClient();
  const token = useAuthToken();
  return useQuery({
    queryKey: ['data-connections', token],
    queryFn: () => unwrap(api.POST('/api/v1/data-connections/get', { body: {}, headers: bearerHeaders(token ?? '') })),
    enabled: !!token,
  });
}
