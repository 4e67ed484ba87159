import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

export type UpdateOrderPiResult = components['schemas']['UpdateOrderPiResponse'];

/** POST /store/update-order-pi (bearer): the personal info of an order that awaits payment. */
export function updateOrderPi(
  api: ApiClient,
  token: string,
  publicOrderId: string,
  info: components['schemas']['OrderPersonalInfoInput'],
): Promise<UpdateOrderPiResult> {
  return unwrap(
    api.POST('/api/v1/store/update-order-pi', {
      body: { PublicOrderId: publicOrderId, OrderPersonalInfo: info },
      headers: bearerHeaders(token),
    }),
  );
}
