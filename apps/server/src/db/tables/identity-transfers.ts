/** Moving sign-ins between accounts: import tokens (by hash) and the audit record of moves. */
export interface IdentityTransferTables {
  identity_import_tokens: IdentityImportTokensTable;
  identity_transfers: IdentityTransfersTable;
}

/** A holding account's permission to move one of its sign-ins away: single use, 15 minutes. */
export interface IdentityImportTokensTable {
  token_hash: string;
  account_id: string;
  identity_type: string;
  identity_id: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** One move of a sign-in, kept for support and disputes. */
export interface IdentityTransfersTable {
  id: string;
  identity_type: string;
  identity_id: string;
  from_account_id: string;
  to_account_id: string;
  /** The game the move was made from; null from the Profile screen. */
  game: string | null;
  created_at: number;
}
