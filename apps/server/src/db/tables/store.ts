/** Orders, their products and transitions, provider events, order links. */
export interface StoreTables {
  orders: OrdersTable;
  order_products: OrderProductsTable;
  order_transitions: OrderTransitionsTable;
  payment_events: PaymentEventsTable;
  order_links: OrderLinksTable;
}

/** A purchase; `status` is the detailed order status, the one the state machine moves. */
export interface OrdersTable {
  id: string;
  /** The unguessable id players, games and providers see (TransactionId). */
  public_id: string;
  account_id: string;
  game_id: string;
  status: string;
  /** Minor units of `currency`, from the catalog when the order was made. */
  total_amount: number;
  currency: string;
  usd_amount: number | null;
  platform: string;
  embedding_type: string;
  provider: string;
  /** The provider's id of the checkout (session); null until it exists. */
  provider_ref: string | null;
  developer_payload: string | null;
  pi_email: string | null;
  pi_phone: string | null;
  pi_auto_confirm: number;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
  /** The main product's sku when it can be owned only once (NonConsumable); one open or paid order each. */
  exclusive_sku: string | null;
  /** When the game took the purchase (consumePurchase); null while it is still to be collected. */
  consumed_at: number | null;
}

/** The main product (position 0) and any additional ones, copied from the catalog. */
export interface OrderProductsTable {
  id: string;
  order_id: string;
  role: 'main' | 'additional';
  position: number;
  product_id: string;
  sku: string;
  quantity: number;
  /** Minor units for the whole quantity. */
  amount: number;
  currency: string;
  /** Names, descriptions, images, type and payload at the time of the order. */
  snapshot_json: string;
  created_at: number;
}

/** Every status change of an order with its cause; `from_status` is null for the creation. */
export interface OrderTransitionsTable {
  id: string;
  order_id: string;
  from_status: string | null;
  to_status: string;
  cause: string;
  created_at: number;
}

/** Provider notifications already taken; UNIQUE (provider, event_id) makes repeats no-ops. */
export interface PaymentEventsTable {
  id: string;
  provider: string;
  event_id: string;
  event_type: string;
  order_id: string | null;
  /** What the event did: applied, or ignored with the reason. */
  outcome: string;
  received_at: number;
}

/** A capability link to one order for a page without a session; stored as the token's hash. */
export interface OrderLinksTable {
  id: string;
  token_hash: string;
  order_id: string;
  /** `continue_pi`: single use, sets personal info and continues; `merchant_return`: shows the status. */
  purpose: 'continue_pi' | 'merchant_return';
  /** For `continue_pi`, the provider's checkout to continue to. */
  target_url: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}
