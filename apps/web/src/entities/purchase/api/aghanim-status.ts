import { unwrap } from '../../../shared/api/call';
import type { ApiClient } from '../../../shared/api/client';
import type { components } from '../../../shared/api/schema';

export type AghanimPaymentStatus = components['schemas']['AghanimPaymentStatusResponse'];

/**
 * GET /store/aghanim/payment/status (anonymous, spec store §7): the checkout status of an order
 * paid in Aghanim's tab, set only by Aghanim's signed webhooks.
 */
export function fetchAghanimStatus(api: ApiClient, publicOrderId: string): Promise<AghanimPaymentStatus> {
  return unwrap(
    api.GET('/api/v1/store/aghanim/payment/status', { params: { query: { PublicOrderId: publicOrderId } } }),
  );
}
