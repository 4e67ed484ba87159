import { bearerHeaders, unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

export type OptimisticOrderStatus = components['schemas']['OptimisticOrderStatusResponse'];

/**
 * POST /store/set-optimistic-order-status (bearer): how the checkout ended as the
 * portal saw it (spec store §4). Advisory: the server never marks an order paid on it.
 */
export function setOptimisticOrderStatus(
  api: ApiClient,
  token: string,
  publicOrderId: string,
  status: 'Completed' | 'Cancelled',
): Promise<OptimisticOrderStatus> {
  return unwrap(
    api.POST('/api/v1/store/set-optimistic-order-status', {
      body: { PublicOrderId: publicOrderId, Status: status },
      headers: bearerHeaders(token),
    }),
  );
}
