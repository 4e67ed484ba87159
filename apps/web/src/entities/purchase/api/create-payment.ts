import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

export type CreatePaymentBody = components['schemas']['CreatePaymentRequestInput'];

/** POST /store/create_payment (bearer): an order for one catalog product and its checkout. */
export function createPayment(api: ApiClient, token: string, body: CreatePaymentBody) {
  return unwrap(api.POST('/api/v1/store/create_payment', { body, headers: bearerHeaders(token) }));
}

export type CreatePaymentResult = Awaited<ReturnType<typeof createPayment>>;
