/**
 * The parts of Aghanim's S2S orders API and webhooks fxid reads (platform-protocols.md §8,
 * docs.aghanim.com). Amounts are integer minor units of `currency`.
 */
export type AghanimOrderStatus =
  | 'created'
  | 'captured'
  | 'paid'
  | 'canceled'
  | 'refunded'
  | 'refund_requested'
  | 'reattempted'
  | 'disputed';

export interface AghanimOrder {
  id: string;
  status: AghanimOrderStatus;
  amount: number;
  currency: string;
  player_id: string;
  items: { sku: string; quantity?: number; name?: string }[];
  metadata?: Record<string, string>;
  checkout_url?: string;
  paid_at?: number | null;
}

/** POST /s2s/v1/orders → 201. */
export interface AghanimOrderCreated {
  order_id: string;
  checkout_url: string;
}

/** Every webhook's envelope; `event_data` of the order.* events is the order. */
export interface AghanimWebhook {
  event_id: string;
  game_id: string;
  event_type: string;
  event_time: number;
  event_data: unknown;
  idempotency_key?: string;
  sandbox?: boolean;
}

/** Our order id in the order's metadata, which Aghanim echoes in every order event. */
export const AGHANIM_ORDER_METADATA_KEY = 'fxid_order_id';
