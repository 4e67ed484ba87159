/** MY.GAMES ID sign-ins and transfers (migration 0088). */
export interface MyGamesTables {
  mygames_sign_ins: MyGamesSignInsTable;
  mygames_transfer_tokens: MyGamesTransferTokensTable;
}

/** A MY.GAMES OAuth state by hash, bound to a browser and a game, single use. */
export interface MyGamesSignInsTable {
  id: string;
  token_hash: string;
  browser_nonce_hash: string;
  game: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** A verified MY.GAMES user waiting to be transferred to an account; single use. */
export interface MyGamesTransferTokensTable {
  id: string;
  token_hash: string;
  game: string;
  mygames_user_id: string;
  email: string | null;
  /** The account the identity was transferred to (set when spent): the audit record. */
  account_id: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}
