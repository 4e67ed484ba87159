import { useMutation, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { unwrap } from '../../../shared/api/call';
import type { components } from '../../../shared/api/schema';

export type Bank131Form = components['schemas']['Bank131FormResponse'];
type PayRequest = components['schemas']['Bank131PayRequest'];

/** While the bank decides (or a QR waits to be paid), the form is asked again each second (spec store §9). */
const POLL_MS = 1000;

/** GET /bank131/form/{Token}?PublicId (anonymous): what the Bank131 card payment form shows. */
export function useBank131Form(token: string, publicId: string, locale: string, waiting: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['store', 'bank131-form', token, publicId, locale],
    queryFn: () =>
      unwrap(
        api.GET('/api/v1/bank131/form/{Token}', {
          params: { path: { Token: token }, query: { PublicId: publicId, Locale: locale } },
        }),
      ),
    retry: (count, error) => ((error as { status?: number }).status ?? 500) >= 500 && count < 2,
    // The widget's public token is issued afresh with each read: read once, then only while waiting.
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (waiting || query.state.data?.Status === 'Processing' ? POLL_MS : false),
  });
}

/** POST /bank131/form/{Token}: Pay (widget card token or saved card) or Cancel. */
export function useBank131Pay(token: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: PayRequest) =>
      unwrap(api.POST('/api/v1/bank131/form/{Token}', { params: { path: { Token: token } }, body })),
  });
}

/** POST /bank131/pay_with_sbp, asked again each second until the bank has issued the QR. */
export function useBank131Sbp(token: string, publicId: string, started: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['store', 'bank131-sbp', token, publicId],
    queryFn: () => unwrap(api.POST('/api/v1/bank131/pay_with_sbp', { body: { Token: token, PublicId: publicId } })),
    enabled: started,
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data?.Qr ? false : POLL_MS),
    retry: false,
  });
}
