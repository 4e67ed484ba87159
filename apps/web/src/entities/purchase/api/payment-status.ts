import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

export type PaymentStatus = components['schemas']['PaymentStatusResponse'];
export type OrderData = components['schemas']['Order'];

/**
 * POST /store/get_payment_status (bearer): the order and whether its checkout is Payed.
 * Without a game the server finds the caller's order by its id alone (the return page).
 */
export function fetchPaymentStatus(
  api: ApiClient,
  token: string,
  game: string | undefined,
  transactionId: string,
): Promise<PaymentStatus> {
  return unwrap(
    api.POST('/api/v1/store/get_payment_status', {
      body: { ...(game ? { Game: game } : {}), TransactionId: transactionId },
      headers: bearerHeaders(token),
    }),
  );
}
