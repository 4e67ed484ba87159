/** External-id sign-in: who vouched for an external identity, and refresh tokens (by hash). */
export interface ExternalIdTables {
  external_id_vouchers: ExternalIdVouchersTable;
  external_id_refresh_tokens: ExternalIdRefreshTokensTable;
}

/** The game whose server first vouched for an external identity; only it may vouch for it again. */
export interface ExternalIdVouchersTable {
  identity_type: string;
  identity_id: string;
  game: string;
  created_at: number;
}

/** A refresh token of an external-id sign-in: single use, bound to one account and one game. */
export interface ExternalIdRefreshTokensTable {
  token_hash: string;
  account_id: string;
  game: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}
