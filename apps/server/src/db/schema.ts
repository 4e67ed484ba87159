/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL: ids are app-generated
 * text, timestamps epoch milliseconds, flags 0/1 integers, JSON as text, money as
 * integer minor units plus an ISO 4217 code.
 */
export interface Database {
  company: CompanyTable;
  catalog_version: CatalogVersionTable;
  games: GamesTable;
  products: ProductsTable;
  legal_documents: LegalDocumentsTable;
  legal_document_versions: LegalDocumentVersionsTable;
  news: NewsTable;
  accounts: AccountsTable;
  social_identifiers: SocialIdentifiersTable;
  sessions: SessionsTable;
  email_invites: EmailInvitesTable;
  temp_tokens: TempTokensTable;
  game_connections: GameConnectionsTable;
  game_connect_invites: GameConnectInvitesTable;
  outbox: OutboxTable;
  dev_mailbox: DevMailboxTable;
  signing_keys: SigningKeysTable;
  orders: OrdersTable;
  order_products: OrderProductsTable;
  order_transitions: OrderTransitionsTable;
  payment_events: PaymentEventsTable;
  platform_purchases: PlatformPurchasesTable;
  sandbox_payments: SandboxPaymentsTable;
  order_links: OrderLinksTable;
  document_acceptances: DocumentAcceptancesTable;
  support_messages: SupportMessagesTable;
  push_subscriptions: PushSubscriptionsTable;
  analytics_events: AnalyticsEventsTable;
  referral_ids: ReferralIdsTable;
  friendships: FriendshipsTable;
  friend_statuses: FriendStatusesTable;
  cross_play_quests: CrossPlayQuestsTable;
  cross_play_progress: CrossPlayProgressTable;
}

/** The deployment's one company; branding as JSON (the catalog's Company block). */
export interface CompanyTable {
  id: string;
  branding_json: string;
  /** The catalog's Company.Faq: { [locale]: { Title, Entries: [{ Question, Answer }] } }. */
  faq_json: string;
  updated_at: number;
}

/** One row (id 'catalog'): how many times a catalog was imported; in-memory catalogs reload when it moves. */
export interface CatalogVersionTable {
  id: string;
  version: number;
  updated_at: number;
}

export interface GamesTable {
  id: string;
  system_name: string;
  /** Position in the catalog file; lists are ordered by it. */
  sort_order: number;
  /** The catalog's game definition without its products and documents. */
  definition_json: string;
  created_at: number;
  updated_at: number;
}

export interface ProductsTable {
  id: string;
  game_id: string;
  sku: string;
  price_amount: number;
  price_currency: string;
  show_in_web_store: number;
  sort_order: number;
  /** Localized names, descriptions, images, type and payload. */
  definition_json: string;
  created_at: number;
  updated_at: number;
}

export interface LegalDocumentsTable {
  /** Numeric id chosen by the operator in the catalog, stable across environments. */
  id: number;
  game_id: string;
  document_type: string;
  need_user_acceptance: number;
  region: string;
  is_active: number;
  created_at: number;
  updated_at: number;
}

/** Versions are immutable once published: acceptances refer to them. */
export interface LegalDocumentVersionsTable {
  id: number;
  document_id: number;
  url: string | null;
  /** Markdown per locale, as JSON. */
  content_json: string;
  content_type: string;
  created_at: number;
}

export interface NewsTable {
  id: string;
  /** null: shown for every game. */
  game_id: string | null;
  priority: string;
  /** Header and message per locale, as JSON. */
  messages_json: string;
  link: string | null;
  icon_url: string | null;
  image_url: string | null;
  tags_json: string;
  created_at: number;
  updated_at: number;
}

export interface AccountsTable {
  id: string;
  name: string | null;
  email: string | null;
  /** Lower-cased email; unique, so one address is one account. */
  email_normalized: string | null;
  email_validated: number;
  marketing_enabled: number;
  geo_country: string | null;
  locale: string | null;
  guest: number;
  has_completed_order: number;
  features_json: string;
  created_at: number;
  updated_at: number;
}

export interface SocialIdentifiersTable {
  id: string;
  account_id: string;
  type: string;
  identifier: string;
  created_at: number;
}

/** Bearer sessions; only the SHA-256 of the token is stored. */
export interface SessionsTable {
  id: string;
  account_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** Email invites (the mailed sign-in links): single use, short-lived, stored as a hash. */
export interface EmailInvitesTable {
  id: string;
  token_hash: string;
  email: string;
  email_normalized: string;
  game_system_name: string | null;
  redirect_uri: string | null;
  locale: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  /** SHA-256 of the asking browser's nonce; that browser signs in without confirming. */
  browser_nonce_hash: string | null;
  /** The asking device, e.g. "Firefox on Windows", shown to any other browser that opens the link. */
  requested_on: string | null;
}

/** Hand a session to another page or device: single use, short-lived, stored as a hash. */
export interface TempTokensTable {
  id: string;
  token_hash: string;
  account_id: string;
  redirect_uri: string;
  order_public_id: string | null;
  merchant_redirect_type: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  /** The session that made it: the token works only while that session is live. */
  session_id: string | null;
}

export interface GameConnectionsTable {
  id: string;
  account_id: string;
  game_id: string;
  /** The player's id inside the game; unique per game. */
  game_uid: string;
  created_at: number;
}

/**
 * A game's request to connect one of its player accounts (GameUid) to the fxid
 * account of an email address; the emailed link is single use, stored as a hash.
 */
export interface GameConnectInvitesTable {
  id: string;
  token_hash: string;
  game_id: string;
  game_uid: string;
  email: string;
  email_normalized: string;
  locale: string | null;
  redirect_uri: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  /** A GameConnectionResult name once the link was used: Created, Success, or a failure. */
  result: string | null;
  account_id: string | null;
}

/** Work that must survive a crash (emails, game webhooks), retried with backoff. */
export interface OutboxTable {
  id: string;
  kind: string;
  payload_json: string;
  status: 'pending' | 'done' | 'failed';
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  updated_at: number;
}

/** Mail kept in the database instead of sent, in development without SMTP. */
export interface DevMailboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
}

/** ES256 keys for GameJwts, as JWK JSON. */
export interface SigningKeysTable {
  kid: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
  /** Retired keys neither sign nor verify; retire one only after its tokens expired. */
  retired_at: number | null;
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

/** The sandbox provider's side of a checkout: what it would charge and what the player chose. */
export interface SandboxPaymentsTable {
  id: string;
  public_order_id: string;
  amount: number;
  currency: string;
  description: string;
  return_url: string;
  status: 'open' | 'paid' | 'declined' | 'abandoned' | 'refunded';
  idempotency_key: string;
  /** The buyer as the bank knows them (fxid's account id); '' for checkouts made before it was kept. */
  customer_ref: string;
  /** The card a paid checkout was paid with: brand and last four digits, never the number. */
  card_brand: string | null;
  card_last4: string | null;
  created_at: number;
  updated_at: number;
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

/** An account's acceptance of one legal document version; UNIQUE (account_id, document_version_id). */
export interface DocumentAcceptancesTable {
  id: string;
  account_id: string;
  document_id: number;
  document_version_id: number;
  accepted_at: number;
}

/** A message to support as the player sent it; `sent_to` is the address it was mailed to. */
export interface SupportMessagesTable {
  id: string;
  account_id: string;
  game_id: string | null;
  email: string;
  sender_name: string;
  subject: string;
  body: string;
  device_uid: string | null;
  sent_to: string;
  created_at: number;
}

/** A browser's Web Push subscription; the endpoint was checked to be a public https URL when saved. */
export interface PushSubscriptionsTable {
  id: string;
  account_id: string;
  game_id: string;
  platform: string;
  endpoint: string;
  /** The subscription's keys, base64url as the browser gave them. */
  p256dh: string;
  auth: string;
  expires_at: number | null;
  created_at: number;
  updated_at: number;
}

type Digits10 = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
type Digits15 = Digits10 | 11 | 12 | 13 | 14 | 15;

/** One tracked analytics event with its slots (I1–I10, F1–F10, S1–S15, J1–J4 as text). */
export type AnalyticsEventsTable = {
  id: string;
  session_id: string;
  /** The signed-in account, if the call carried a valid bearer token. */
  account_id: string | null;
  platform: number;
  build_id: string;
  event_id: number;
  /** The client's time; `server_created_at` is ours. */
  created_at: number;
  server_created_at: number;
} & { [K in `i${Digits10}`]: number | null } & { [K in `f${Digits10}`]: number | null } & {
  [K in `s${Digits15}`]: string | null;
} & { [K in `j${1 | 2 | 3 | 4}`]: string | null };

/** An account's referral id: what `fxref` carries in its invite links; random, so it reveals nothing. */
export interface ReferralIdsTable {
  account_id: string;
  ref: string;
  created_at: number;
}

/** One direction of a friendship; every friendship is stored both ways. */
export interface FriendshipsTable {
  account_id: string;
  friend_account_id: string;
  created_at: number;
}

/** A player's latest status update in one game; friends see it for a year. */
export interface FriendStatusesTable {
  account_id: string;
  game_id: string;
  name: string;
  status: string;
  priority: number;
  updated_at: number;
}

/** A cross-play quest from the catalog; which events count is kept in columns for lookups. */
export interface CrossPlayQuestsTable {
  id: string;
  /** The game that offers it; null for the portal. */
  game_id: string | null;
  event_game_id: string;
  event_code: string;
  sort_order: number;
  /** Names, descriptions, counting, target, window and reward. */
  definition_json: string;
  created_at: number;
  updated_at: number;
}

/** An account's progress in one quest; never above the quest's target. */
export interface CrossPlayProgressTable {
  account_id: string;
  quest_id: string;
  progress: number;
  completed_at: number | null;
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
