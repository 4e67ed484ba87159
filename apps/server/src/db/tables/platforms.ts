import type { OkTransactionsTable } from './ok-transactions.js';

/** What host platforms reported (a platform that keeps state adds its table here). */
export interface PlatformsTables {
  platform_purchases: PlatformPurchasesTable;
  ok_transactions: OkTransactionsTable;
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
