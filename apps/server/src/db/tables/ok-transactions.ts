/** OK payment transactions (platforms/ok): one OK transaction_id to one purchase reference. */
export interface OkTransactionsTable {
  id: string;
  game_id: string;
  /** OK's `transaction_id` of callbacks.payment. */
  transaction_id: string;
  /** The reference the portal put in showPayment's attributes (`extra_attributes.orderId`). */
  purchase_ref: string;
  /** OK's `uid` of the payer. */
  uid: string;
  created_at: number;
}
