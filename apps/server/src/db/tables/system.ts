/** Machinery: the outbox, the dev mailbox, GameJwt signing keys. */
export interface SystemTables {
  outbox: OutboxTable;
  dev_mailbox: DevMailboxTable;
  signing_keys: SigningKeysTable;
  spent_id_tokens: SpentIdTokensTable;
  vkid_sign_ins: VkIdSignInsTable;
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

/** Identity-provider tokens (Firebase ID tokens) already exchanged for a session, by SHA-256, until they expire. */
export interface SpentIdTokensTable {
  token_hash: string;
  expires_at: number;
}

/** VK ID sign-ins under way: the OAuth state by hash, bound to a browser, single use (migration 0081). */
export interface VkIdSignInsTable {
  id: string;
  token_hash: string;
  browser_nonce_hash: string;
  code_challenge: string;
  client_id: string;
  /** The signed-in account VK ID is being added to; null for a sign-in. */
  account_id: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}
