import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { bearerHeaders, unwrap } from '../../../shared/api/call';
import { readAuthToken } from '../../../shared/lib/auth-token';
import type { Account } from './account';

type SignInMethod = Account['SocialIdentifiers'][number];

/** POST /profile/remove_sign_in_method: removes one way to sign in; the answer is the updated account. */
export function useRemoveSignInMethod() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: SignInMethod) => {
      const token = readAuthToken();
      if (!token) return Promise.reject(new Error('not signed in'));
      return unwrap(
        api.POST('/api/v1/profile/remove_sign_in_method', {
          body: { Type: method.Type, Id: method.Id },
          headers: bearerHeaders(token),
        }),
      ).then((account) => queryClient.setQueryData(['account', token], account));
    },
  });
}
