import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import { readAuthToken } from '../../../shared/lib/auth-token';

/** POST /profile/marketing: switches marketing email; the answer is the updated account. */
export function useMarketingSwitch() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => {
      const token = readAuthToken();
      if (!token) return Promise.reject(new Error('not signed in'));
      return unwrap(
        api.POST('/api/v1/profile/marketing', { body: { MarketingEnabled: enabled }, headers: bearerHeaders(token) }),
      ).then((account) => queryClient.setQueryData(['account', token], account));
    },
  });
}
