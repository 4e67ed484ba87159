/** A Steam microtransaction our server opened (platforms/steam); its orderid is the order's external id. */
export interface SteamTransactionsTable {
  /** InitTxn's `orderid`: our uint64, as text. */
  order_id: string;
  game_id: string;
  app_id: string;
  /** The buyer: the account signed in with this Steam user. */
  account_id: string;
  steam_id: string;
  /** Steam's `transid`. */
  trans_id: string;
  sku: string;
  /** What InitTxn asked, in minor units of `currency`. */
  amount: number;
  currency: string;
  developer_payload: string | null;
  /** Open (waiting for the overlay or FinalizeTxn), Delivered, Failed (denied, failed) or Refunded. */
  status: string;
  created_at: number;
  updated_at: number;
}

/** A Steam Web API auth ticket already exchanged for a session (SHA-256 hex). */
export interface SteamSpentTicketsTable {
  ticket_hash: string;
  created_at: number;
}
