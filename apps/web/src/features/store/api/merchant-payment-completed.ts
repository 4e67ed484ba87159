import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PURCHASE_TIMINGS } from '../../../entities/purchase/timings';
import { useApiClient } from '../../../shared/api/api-context';
import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';
import { isOrderLinkToken } from '../lib/links';

export type MerchantPaymentCompleted = components['schemas']['MerchantPaymentCompletedResponse'];

/** POST /store/merchant_payment_completed (anonymous; the page's token reads one order). */
export function fetchMerchantPaymentCompleted(api: ApiClient, token: string): Promise<MerchantPaymentCompleted> {
  return unwrap(api.POST('/api/v1/store/merchant_payment_completed', { body: { Token: token } }));
}

/** Completed and Cancelled (CancelledPaid included) no longer change. */
export function isFinalOrder(data: Pick<MerchantPaymentCompleted, 'Order'> | undefined): boolean {
  return data?.Order.Status === 'Completed' || data?.Order.Status === 'Cancelled';
}

/**
 * The order behind a provider's return link, polled every second (spec store §9) until
 * it is final or three minutes have passed; `stopped` says the page gave up waiting.
 */
export function useMerchantPaymentCompleted(token: string) {
  const api = useApiClient();
  const [startedAt] = useState(() => Date.now());
  const query = useQuery({
    queryKey: ['store', 'merchant-completed', token],
    queryFn: () => fetchMerchantPaymentCompleted(api, token),
    enabled: isOrderLinkToken(token),
    retry: (count, error) => ((error as { status?: number }).status ?? 500) >= 500 && count < 2,
    refetchInterval: (current) =>
      isFinalOrder(current.state.data) ||
      current.state.error ||
      Date.now() - startedAt >= PURCHASE_TIMINGS.pollTimeoutMs
        ? false
        : PURCHASE_TIMINGS.pollIntervalMs,
  });
  const stopped = !isFinalOrder(query.data) && Date.now() - startedAt >= PURCHASE_TIMINGS.pollTimeoutMs;
  return { ...query, stopped };
}
