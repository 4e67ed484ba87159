import { useMutation, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-context';
import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

export type PaymentForm = components['schemas']['PaymentFormResponse'];
export type PaymentFormChoice = components['schemas']['PaymentFormChoiceRequest']['Choice'];
export type PaymentFormAnswer = components['schemas']['PaymentFormChoiceResponse'];

/** GET /store/payment_form/{Token} (anonymous): the bank, the product and the redirects of `/{token}`. */
export function fetchPaymentForm(api: ApiClient, token: string, locale: string): Promise<PaymentForm> {
  return unwrap(
    api.GET('/api/v1/store/payment_form/{Token}', { params: { path: { Token: token }, query: { Locale: locale } } }),
  );
}

/** POST /store/payment_form/{Token}: the player's Pay, Decline or Cancel (Abandon). */
export function postPaymentFormChoice(
  api: ApiClient,
  token: string,
  body: components['schemas']['PaymentFormChoiceRequest'],
): Promise<PaymentFormAnswer> {
  return unwrap(api.POST('/api/v1/store/payment_form/{Token}', { params: { path: { Token: token } }, body }));
}

export function usePaymentForm(token: string, locale: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['store', 'payment-form', token, locale],
    queryFn: () => fetchPaymentForm(api, token, locale),
    // A 4xx (unknown or used token) will not change on retry.
    retry: (count, error) => ((error as { status?: number }).status ?? 500) >= 500 && count < 2,
    // Once shown, the form must not refetch into "unknown" after the player's own choice.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePaymentFormChoice(token: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: components['schemas']['PaymentFormChoiceRequest']) => postPaymentFormChoice(api, token, body),
  });
}
