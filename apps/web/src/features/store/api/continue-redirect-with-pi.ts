import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { OrderPersonalInfoBody } from '../../../entities/purchase/personal-info';
import { useApiClient } from '../../../shared/api/api-context';
import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { isOrderLinkToken } from '../lib/links';

export type ContinueWithPi = components['schemas']['ContinueRedirectWithPiResponse'];

/**
 * POST /store/continue_redirect_with_pi (anonymous; the page's Token is the credential).
 * Without `info` it only reads the order and the prefill; with it, the server saves the
 * info, uses the token up and returns the checkout's address in RedirectUrl.
 */
export function continueRedirectWithPi(
  api: ApiClient,
  token: string,
  info?: OrderPersonalInfoBody,
): Promise<ContinueWithPi> {
  return unwrap(
    api.POST('/api/v1/store/continue_redirect_with_pi', {
      body: { Token: token, ...(info ? { OrderPersonalInfo: info } : {}) },
    }),
  );
}

export function continueWithPiQuery(api: ApiClient, token: string) {
  return queryOptions({
    queryKey: ['store', 'continue-pi', token],
    queryFn: () => continueRedirectWithPi(api, token),
    // A refused token stays refused; only a lost request is worth another try.
    retry: (count, error) => ((error as { status?: number }).status ?? 500) >= 500 && count < 2,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** The order behind a /Store/ContinueWithPI link, and the call that saves the info and continues. */
export function useContinueWithPi(token: string) {
  const api = useApiClient();
  const order = useQuery({ ...continueWithPiQuery(api, token), enabled: isOrderLinkToken(token) });
  const submit = useMutation({ mutationFn: (info: OrderPersonalInfoBody) => continueRedirectWithPi(api, token, info) });
  return { order, submit };
}
