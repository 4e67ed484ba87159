import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchPaymentStatus, type PaymentStatus } from '../../../entities/purchase/api/payment-status';
import { PURCHASE_TIMINGS } from '../../../entities/purchase/timings';
import { useApiClient } from '../../../shared/api/api-context';

/** An order stops changing once it is Completed or Cancelled (CancelledPaid included). */
export function isFinal(status: PaymentStatus | undefined): boolean {
  return status?.Order.Status === 'Completed' || status?.Order.Status === 'Cancelled';
}

/**
 * The signed-in player's order, found by its id alone, polled every second (spec store §9)
 * until it is final or three minutes have passed; `stopped` says the page gave up waiting.
 */
export function useOrderStatus(token: string | null, id: string) {
  const api = useApiClient();
  const [startedAt] = useState(() => Date.now());
  const query = useQuery({
    queryKey: ['store', 'order', id, token],
    queryFn: () => fetchPaymentStatus(api, token ?? '', undefined, id),
    enabled: !!token,
    retry: (count, error) => ((error as { status?: number }).status ?? 500) >= 500 && count < 2,
    refetchInterval: (current) =>
      isFinal(current.state.data) || current.state.error || Date.now() - startedAt >= PURCHASE_TIMINGS.pollTimeoutMs
        ? false
        : PURCHASE_TIMINGS.pollIntervalMs,
  });
  const stopped = !isFinal(query.data) && Date.now() - startedAt >= PURCHASE_TIMINGS.pollTimeoutMs;
  return { ...query, stopped };
}
