/** Accounts, their identities, game connections and referral ids; sessions and the single-use sign-in tokens. */
export interface AccountsTables {
  accounts: AccountsTable;
  social_identifiers: SocialIdentifiersTable;
  sessions: SessionsTable;
  email_invites: EmailInvitesTable;
  temp_tokens: TempTokensTable;
  game_connections: GameConnectionsTable;
  game_connect_invites: GameConnectInvitesTable;
  referral_ids: ReferralIdsTable;
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
  /** The signed-in account this link adds its address to (migration 0082); null: a sign-in link. */
  link_account_id: string | null;
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

/** An account's referral id: what `fxref` carries in its invite links; random, so it reveals nothing. */
export interface ReferralIdsTable {
  account_id: string;
  ref: string;
  created_at: number;
}
