import type { OkTransactionsTable } from './ok-transactions.js';
import type { SteamSpentTicketsTable, SteamTransactionsTable } from './steam.js';

/** What host platforms reported (a platform that keeps state adds its table here). */
export interface PlatformsTables {
  platform_purchases: PlatformPurchasesTable;
  telegram_invoices: TelegramInvoicesTable;
  telegram_charges: TelegramChargesTable;
  ok_transactions: OkTransactionsTable;
  wizq_proxy_counters: WizqProxyCountersTable;
  steam_transactions: SteamTransactionsTable;
  steam_spent_tickets: SteamSpentTicketsTable;
}

/** The last proxy request counter (`num`) taken per game, WizQ viewer and WizQ session. */
export interface WizqProxyCountersTable {
  game_id: string;
  viewer_id: string;
  /** The `oauth_token` WizQ's gadget server signs the session's requests with. */
  session: string;
  last_num: number;
  updated_at: number;
}

/** Purchases a host platform confirmed; UNIQUE (platform, game, platform order id, test) makes repeats find their first answer. */
export interface PlatformPurchasesTable {
  id: string;
  /** Adapter name, e.g. vkcom. */
  platform: string;
  game_id: string;
  /** The platform's order id (VK `order_id`). */
  external_order_id: string;
  /** The number answered to the platform as our order id (VK `app_order_id`). */
  app_order_id: number;
  order_id: string;
  account_id: string;
  sku: string;
  /** What the platform charged, in its own units (VK votes). */
  external_amount: number;
  /** 1 for a platform test notification (`*_test`). */
  test: number;
  created_at: number;
}

/** A Telegram Stars invoice our server made; its id is the invoice payload and the order id the portal looks up. */
export interface TelegramInvoicesTable {
  id: string;
  game_id: string;
  /** The buyer: the account signed in with this Telegram user. */
  account_id: string;
  telegram_user_id: string;
  sku: string;
  /** The price in Stars (XTR) the invoice link asks. */
  stars: number;
  developer_payload: string | null;
  created_at: number;
}

/** A Stars payment Telegram reported (successful_payment); the charge id is the primary key, so a repeat acts once. */
export interface TelegramChargesTable {
  charge_id: string;
  /** Null when the payload named no invoice of ours. */
  invoice_id: string | null;
  game_id: string;
  telegram_user_id: string;
  stars: number;
  /** `paid` (the order was made), or why it was refused and refunded, e.g. `refund:already_paid`. */
  outcome: string;
  created_at: number;
  refunded_at: number | null;
}
